// The product mark and name, linking home.
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { pathTo } from '@/lib/paths';

export function Logo({ suffix }: { suffix?: string }) {
  const { t } = useTranslation();
  return (
    <LocalizedLink to={pathTo('home')} className="logo" aria-label={t('app.nav.homeLabel')}>
      <svg className="logo__mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <g className="logo__headphones">
          <path d="M9 19v-4a7 7 0 0 1 14 0v4" fill="none" strokeWidth="2.2" strokeLinecap="round" />
          <rect x="7" y="18" width="4.5" height="7" rx="1.6" />
          <rect x="20.5" y="18" width="4.5" height="7" rx="1.6" />
        </g>
      </svg>
      <span className="logo__name">{t('app.meta.product')}</span>
      {suffix ? <span className="logo__suffix">{suffix}</span> : null}
    </LocalizedLink>
  );
}
