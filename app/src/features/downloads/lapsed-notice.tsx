// Why kept chapters do not play: the membership lapsed (a renewal was refused), or the viewer is not
// a member; with the way to the membership page and back here.
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { detourPath } from '@/lib/core';
import { useLang } from '@/lib/lang';

export function LapsedNotice({ lapsed }: { lapsed: boolean }) {
  const { t } = useTranslation('pages');
  const { fullPath } = useLang();
  // The membership page, which brings the listener back here (core's premium detour).
  const upgradePath = detourPath({ path: fullPath, to: 'premium' });
  return (
    <div className="downloads-notice" role="alert" data-testid="downloads-lapsed">
      <h2>{lapsed ? t('pages.downloads.lapsed.title') : t('pages.downloads.notPremium.title')}</h2>
      <p>{lapsed ? t('pages.downloads.lapsed.body') : t('pages.downloads.notPremium.body')}</p>
      <LocalizedLink className="button button--primary" to={upgradePath}>
        {lapsed ? t('pages.downloads.lapsed.action') : t('pages.downloads.notPremium.action')}
      </LocalizedLink>
    </div>
  );
}
