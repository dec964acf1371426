// Whether the signed-in user may enter the console: the route guard's own decision (core's
// `decideRoute`) for the console's first page, as the router would take it.
import { toGuardUser, useCurrentUser } from '@/features/auth/use-auth';
import { localizeTarget, useLang } from '@/lib/lang';
import { pathTo } from '@/lib/paths';
import { routeDecision } from '../route-access';
import { routeTable } from '../route-table';

const consoleRoute = routeTable.find((route) => route.name === 'admin');

export function useMayEnterConsole(): boolean {
  const user = toGuardUser(useCurrentUser());
  const { lang } = useLang();
  if (!consoleRoute || !user) return false;
  const path = localizeTarget(pathTo('admin'), lang);
  return routeDecision(consoleRoute, { path, user, lang }).kind === 'allow';
}
