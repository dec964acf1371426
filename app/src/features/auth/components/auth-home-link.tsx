// The way back home from the sign-in and registration pages, which have no layout (spec §6).
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { pathTo } from '@/lib/paths';

export function AuthHomeLink() {
  const { t } = useTranslation();
  return (
    <LocalizedLink to={pathTo('home')} className="auth-page__home">
      <span aria-hidden="true">←</span> {t('app.auth.home')}
    </LocalizedLink>
  );
}
