// The home page's closing sections: what the service offers, how it works, membership.
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { pathTo } from '@/lib/paths';
import './home-about.css';

interface Item {
  title: string;
  body: string;
}

/** A catalogue list read with `returnObjects` (anything else reads as empty). */
function asItems(value: unknown): Item[] {
  return Array.isArray(value) ? (value as Item[]) : [];
}

export function HomeAbout() {
  const { t } = useTranslation();
  const features = asItems(t('app.home.features.items', { returnObjects: true }));
  const steps = asItems(t('app.home.howItWorks.steps', { returnObjects: true }));

  return (
    <div className="home home-about">
      <section className="home-section" aria-labelledby="home-features-heading">
        <h2 id="home-features-heading">{t('app.home.features.heading')}</h2>
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
        <h2 id="home-steps-heading">{t('app.home.howItWorks.heading')}</h2>
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
        <h2 id="home-membership-heading">{t('app.home.membership.heading')}</h2>
        <p>{t('app.home.membership.body')}</p>
        <LocalizedLink to={pathTo('subscription')} className="button button--primary">
          {t('app.home.membership.cta')}
        </LocalizedLink>
      </section>
    </div>
  );
}
