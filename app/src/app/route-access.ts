// Whether a user may open a route of the table, as core's `decideRoute` decides it: the one rule
// the router's guard runs for the page visited and the console's sidebar runs for each link.
import { decideRoute, type GuardUser, type Lang, type RouteDecision } from '@/lib/core';
import type { AppRoute } from './route-table';

export interface Visit {
  /** The address with its locale prefix (and query), as navigated to. */
  path: string;
  user: GuardUser | null;
  lang: Lang;
}

export function routeDecision(
  route: Pick<AppRoute, 'guards' | 'permission' | 'manages'>,
  { path, user, lang }: Visit,
): RouteDecision {
  // A route whose data needs more than its guards ask is also guarded by that permission.
  const guards = route.manages ? [...route.guards, 'permission'] : route.guards;
  return decideRoute({
    path,
    user,
    nowMs: Date.now(),
    guards,
    permission: route.manages ?? route.permission ?? null,
    lang,
  });
}
