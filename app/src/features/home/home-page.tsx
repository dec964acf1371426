// Home: hero with the main calls to action, what the service offers, how it works, membership.
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { pathTo } from '@/lib/paths';
import './home-page.css';

interface Item {
  title: string;
  body: string;
}

function useList(key: string): Item[] {
  const { t } = useTranslation();
  const value = t(key, { returnObjects: true }) as unknown;
  return Array.isArray(value) ? (value as Item[]) : [];
}

export function HomePage() {
  const { t } = useTranslation();
  const features = useList('pages.home.features.items');
  const steps = useList('pages.home.howItWorks.steps');

  return (
    <div className="home">
      <section className="home-hero" aria-labelledby="home-hero-heading">
        <div className="home-hero__text">
          <h1 id="home-hero-heading" className="home-hero__heading">
            {t('pages.home.hero.heading')}
          </h1>
          <p className="home-hero__lead">{t('pages.home.hero.lead')}</p>
          <div className="home-hero__actions">
            <LocalizedLink to={pathTo('books')} className="button button--primary">
              {t('pages.home.hero.ctaBrowse')}
            </LocalizedLink>
            <LocalizedLink to={pathTo('search')} className="button">
              {t('pages.home.hero.ctaSearch')}
            </LocalizedLink>
          </div>
        </div>
        <svg className="home-hero__art" viewBox="0 0 240 160" aria-hidden="true">
          {[18, 42, 70, 38, 96, 60, 120, 84, 52, 100, 66, 34, 78, 46, 22].map((height, index) => (
            <rect key={index} x={8 + index * 15.5} y={80 - height / 2} width="9" height={height} rx="4.5" />
          ))}
        </svg>
      </section>

      <section className="home-section" aria-labelledby="home-features-heading">
        <h2 id="home-features-heading">{t('pages.home.features.heading')}</h2>
        <ul className="home-features">
          {features.map((item) => (
            <li key={item.title} className="card">
              <h3>{item.title}</h3>
              <p>{item.body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="home-section" aria-labelledby="home-steps-heading">
        <h2 id="home-steps-heading">{t('pages.home.howItWorks.heading')}</h2>
        <ol className="home-steps">
          {steps.map((step) => (
            <li key={step.title}>
              <h3>{step.title}</h3>
              <p>{step.body}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="home-membership card" aria-labelledby="home-membership-heading">
        <h2 id="home-membership-heading">{t('pages.home.membership.heading')}</h2>
        <p>{t('pages.home.membership.body')}</p>
        <LocalizedLink to={pathTo('subscription')} className="button button--primary">
          {t('pages.home.membership.cta')}
        </LocalizedLink>
      </section>
    </div>
  );
}
