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
  route: Pick<AppRoute, 'guards' | 'permission'>,
  { path, user, lang }: Visit,
): RouteDecision {
  return decideRoute({
    path,
    user,
    nowMs: Date.now(),
    guards: route.guards,
    permission: route.permission ?? null,
    lang,
  });
}
