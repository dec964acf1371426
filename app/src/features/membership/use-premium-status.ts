// The viewer's membership: core's `premiumStatus` and `isPremium` of the signed-in user (or of a
// guest) at once, replaced by the membership endpoint's own answer once it comes.
import { useQuery } from '@tanstack/react-query';
import { useCurrentUser } from '@/features/auth/use-auth';
import { useViewer } from '@/features/auth/use-viewer';
import type { MembershipView } from '@/lib/api/types';
import { isPremium, premiumStatus } from '@/lib/core-pages';
import { useLang } from '@/lib/lang';
import { shopQueries } from '@/lib/queries/shop';

export interface ViewerMembership {
  /** The status line (kind and localised text). */
  status: MembershipView['status'];
  premium: boolean;
  signedIn: boolean;
}

export function usePremiumStatus(): ViewerMembership {
  const { lang } = useLang();
  const user = useCurrentUser();
  const viewer = useViewer();
  const membership = useQuery({ ...shopQueries.membership(viewer), enabled: user !== null });
  if (user && membership.data) {
    return { status: membership.data.status, premium: membership.data.isPremium, signedIn: true };
  }
  const nowMs = Date.now();
  return {
    status: premiumStatus({ user, nowMs, lang, timezone: user?.preferences.timezone }),
    premium: isPremium({ user, nowMs }),
    signedIn: user !== null,
  };
}
