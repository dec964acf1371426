// What a listener must do to hear a chapter they cannot play yet: sign in, become a member, or buy.
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import type { AccessKind } from '@/lib/catalog-api';
import { useLang } from '@/lib/lang';
import { pathTo } from '@/lib/paths';

/** The literal translation keys of each notice. */
const NOTICE_TEXT = {
  login: { message: 'app.player.access.login.message', action: 'app.player.access.login.action' },
  membership: { message: 'app.player.access.membership.message', action: 'app.player.access.membership.action' },
  purchase: { message: 'app.player.access.purchase.message', action: 'app.player.access.purchase.action' },
} as const;

export function AccessNotice({ kind }: { kind: AccessKind }) {
  const { t } = useTranslation();
  const { fullPath } = useLang();
  if (kind !== 'login' && kind !== 'membership' && kind !== 'purchase') return null;
  const to = kind === 'login' ? `${pathTo('login')}?redirect=${encodeURIComponent(fullPath)}` : pathTo('subscription');
  return (
    <div className="access-notice" role="alert" data-testid="player-access">
      <p>{t(NOTICE_TEXT[kind].message)}</p>
      <LocalizedLink to={to} className="button button--primary">
        {t(NOTICE_TEXT[kind].action)}
      </LocalizedLink>
    </div>
  );
}
