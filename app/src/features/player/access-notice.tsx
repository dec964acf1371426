// What a listener must do to hear a chapter they cannot play yet: sign in, become a member (the
// upgrade page, which brings them back here after paying), or buy (the book page's buy section).
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { detourPath } from '@/lib/core';
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

/** Where each notice's action leads; `bookId` is the chapter's book, whose page has the `#buy` section. */
function actionTarget(kind: 'login' | 'membership' | 'purchase', fullPath: string, bookId?: number): string {
  switch (kind) {
    case 'login':
      return detourPath({ path: fullPath, to: 'signIn' });
    case 'membership':
      return detourPath({ path: fullPath, to: 'premium' });
    case 'purchase':
      return bookId === undefined ? pathTo('subscription') : `${pathTo('bookDetail', { id: bookId })}#buy`;
  }
}

export function AccessNotice({ kind, bookId }: { kind: ChapterAccessKind; bookId?: number }) {
  const { t } = useTranslation();
  const { fullPath } = useLang();
  if (kind !== 'login' && kind !== 'membership' && kind !== 'purchase') return null;
  const to = actionTarget(kind, fullPath, bookId);
  return (
    <div className="access-notice" role="alert" data-testid="player-access">
      <p>{NOTICE_TEXT[kind].message(t)}</p>
      <LocalizedLink to={to} className="button button--primary">
        {NOTICE_TEXT[kind].action(t)}
      </LocalizedLink>
    </div>
  );
}
