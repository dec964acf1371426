// The browser app: providers around the data router built from the route table.
import { useState } from 'react';
import type { i18n } from 'i18next';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProvider } from './provider';
import { buildRootRoutes } from './routes';

export function App({ i18n }: { i18n: i18n }) {
  const [router] = useState(() => createBrowserRouter(buildRootRoutes()));
  return (
    <AppProvider i18n={i18n}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
