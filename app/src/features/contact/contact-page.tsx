// Contact page: the channels of `pages.contact`, each with a label, a value, where it leads (written
// in the catalogue beside the value) and a note, and first
// the support contact the site's settings name (where it leads: core's `supportHref`, from the server).
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { pathTo } from '@/lib/paths';
import { siteQuery } from '@/lib/site';
import './contact-page.css';

interface Channel {
  label: string;
  value: string;
  /** Where the value leads (`mailto:…`), as the catalogue writes it; text only without. */
  href?: string;
  note?: string;
}

export function ContactPage() {
  const { t } = useTranslation('pages');
  const raw = t('pages.contact.channels', { returnObjects: true }) as unknown;
  const channels = Array.isArray(raw) ? (raw as Channel[]) : [];
  const site = useQuery(siteQuery()).data;
  return (
    <article className="page">
      <h1 className="page__title">{t('pages.contact.title')}</h1>
      <p className="page__lead">{t('pages.contact.intro')}</p>
      <dl className="contact-channels">
        {site?.supportContact && site.supportHref ? (
          <div className="card contact-channels__item" data-testid="support-contact">
            <dt>{t('app.contact.support')}</dt>
            <dd className="contact-channels__value">
              <a href={site.supportHref}>{site.supportContact}</a>
            </dd>
          </div>
        ) : null}
        {channels.map((channel) => {
          const { href } = channel;
          return (
            <div key={channel.label} className="card contact-channels__item">
              <dt>{channel.label}</dt>
              <dd className="contact-channels__value">{href ? <a href={href}>{channel.value}</a> : channel.value}</dd>
              {channel.note ? <dd className="contact-channels__note">{channel.note}</dd> : null}
            </div>
          );
        })}
      </dl>
      <p>
        <LocalizedLink to={pathTo('feedback')}>{t('app.contact.feedbackLink')}</LocalizedLink>
      </p>
    </article>
  );
}
