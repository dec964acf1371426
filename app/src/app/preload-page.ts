// Starts fetching the module of the page an address opens as the app starts, beside its translations
// instead of after them, and with it the data that page asks for first: the first page no longer
// waits for one download after another.
import { matchRoutes, type Params } from 'react-router';
import { patterns } from '@/lib/paths';
import type { PrefetchContext } from './page-module';
import { routeTable, type AppRoute } from './route-table';

/**
 * The route `path` (unprefixed) opens for a visitor nobody is signed in as, with its params: a public
 * route or a guest's (sign-in, registration). Routes behind any other guard are left to the guard.
 */
export function publicRouteAt(
  path: string,
  table: AppRoute[] = routeTable,
): { route: AppRoute; params: Params } | undefined {
  const matches = matchRoutes(
    table.map((route, index) => ({ path: patterns[route.name], id: String(index) })),
    path,
  );
  const match = matches?.[matches.length - 1];
  const route = match ? table[Number(match.route.id)] : undefined;
  const open = route?.guards.every((guard) => guard === 'guest');
  return match && route && open ? { route, params: match.params } : undefined;
}

/**
 * Fetches the page module of the public route at `path` and starts its first queries (not for
 * params the route refuses); resolves when the module is here, at once when there is none to
 * fetch. A failure is left to the page's own load, which shows it.
 */
export async function preloadPage(
  path: string,
  context: Omit<PrefetchContext, 'params'>,
  table: AppRoute[] = routeTable,
): Promise<void> {
  const found = publicRouteAt(path, table);
  const page = found?.route.page;
  if (!found || !page) return;
  const { route, params } = found;
  const valid = !route.validate || route.validate(params);
  await page.preload(valid ? { ...context, params } : undefined).catch(() => undefined);
}
