// Turns the route table into router objects: one layout route per layout, the table under it, 404 last.
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { patterns } from '@/lib/paths';
import { AdminLayout } from './layouts/admin-layout';
import { DefaultLayout } from './layouts/default-layout';
import { NoLayout } from './layouts/no-layout';
import { SimpleLayout } from './layouts/simple-layout';
import { GuardedRoute } from './guarded-route';
import { LocaleGate } from './locale-gate';
import { NotFoundRoute } from './not-found-route';
import { RootErrorScreen } from './root-error-screen';
import { routeTable, type AppRoute, type LayoutName } from './route-table';

const layouts: Record<LayoutName, ReactNode> = {
  default: <DefaultLayout />,
  simple: <SimpleLayout />,
  admin: <AdminLayout />,
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

/** The router's single top route: the locale layer owns every path. */
export function buildRootRoutes(): RouteObject[] {
  const appRoutes = buildAppRoutes();
  return [{ path: '*', element: <LocaleGate routes={appRoutes} />, errorElement: <RootErrorScreen /> }];
}
