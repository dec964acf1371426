// Turns the route table into router objects: one layout route per layout, the table under it, 404 last.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { ErrorBoundary } from '@/components/error-screen/error-boundary';
import { patterns } from '@/lib/paths';
import { DefaultLayout } from './layouts/default-layout';
import { NoLayout } from './layouts/no-layout';
import { SimpleLayout } from './layouts/simple-layout';
import { GuardedRoute } from './guarded-route';
import { LocaleGate } from './locale-gate';
import { NotFoundRoute } from './not-found-route';
import { RootErrorScreen } from './root-error-screen';
import { routeTable, type AppRoute, type LayoutName } from './route-table';

// The console's frame is a chunk of its own, fetched with the console's pages: no listener loads it.
const AdminLayout = lazy(() => import('./layouts/admin-layout').then((module) => ({ default: module.AdminLayout })));

const layouts: Record<LayoutName, ReactNode> = {
  default: <DefaultLayout />,
  simple: <SimpleLayout />,
  admin: (
    <Suspense fallback={null}>
      <AdminLayout />
    </Suspense>
  ),
  none: <NoLayout />,
};

export function buildAppRoutes(table: AppRoute[] = routeTable): RouteObject[] {
  return (Object.keys(layouts) as LayoutName[]).map((layout) => ({
    element: layouts[layout],
    children: [
      ...table
        .filter((route) => route.layout === layout)
        .map((route) => ({ path: patterns[route.name], element: <GuardedRoute route={route} /> })),
      ...(layout === 'default' ? [{ path: '*', element: <NotFoundRoute /> }] : []),
    ],
  }));
}

/** The router's single top route: the locale layer owns every path, under the last-resort boundary. */
export function buildRootRoutes(): RouteObject[] {
  const appRoutes = buildAppRoutes();
  const element = (
    <ErrorBoundary fallback={(error, reset) => <RootErrorScreen error={error} onReset={reset} />}>
      <LocaleGate routes={appRoutes} />
    </ErrorBoundary>
  );
  return [{ path: '*', element }];
}

/**
 * The app's routes under whichever router surrounds them: the browser's history in the app, a
 * memory history in tests. A declarative router, not a data router: the app loads its data with
 * TanStack Query, and the data router's code would weigh 16 KB gzip more on the first load.
 */
export function RootRoutes() {
  const [routes] = useState(buildRootRoutes);
  return useRoutes(routes);
}
