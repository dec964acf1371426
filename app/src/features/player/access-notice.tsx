// What a listener must do to hear a chapter they cannot play yet: sign in, become a member, or buy.
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import type { ChapterAccessKind } from '@/lib/api/types';
import type { Label } from '@/lib/i18n';
import { useLang } from '@/lib/lang';
import { pathTo } from '@/lib/paths';

/** The texts of each notice, each from its literal key. */
const NOTICE_TEXT = {
  login: {
    message: (t) => t('app.player.access.login.message'),
    action: (t) => t('app.player.access.login.action'),
  },
  membership: {
    message: (t) => t('app.player.access.membership.message'),
    action: (t) => t('app.player.access.membership.action'),
  },
  purchase: {
    message: (t) => t('app.player.access.purchase.message'),
    action: (t) => t('app.player.access.purchase.action'),
  },
} satisfies Record<string, { message: Label; action: Label }>;

export function AccessNotice({ kind }: { kind: ChapterAccessKind }) {
  const { t } = useTranslation();
  const { fullPath } = useLang();
  if (kind !== 'login' && kind !== 'membership' && kind !== 'purchase') return null;
  const to = kind === 'login' ? `${pathTo('login')}?redirect=${encodeURIComponent(fullPath)}` : pathTo('subscription');
  return (
    <div className="access-notice" role="alert" data-testid="player-access">
      <p>{NOTICE_TEXT[kind].message(t)}</p>
      <LocalizedLink to={to} className="button button--primary">
        {NOTICE_TEXT[kind].action(t)}
      </LocalizedLink>
    </div>
  );
}
