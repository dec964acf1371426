// The browser app: providers (with the one query cache) around the data router built from the route table.
import { useState } from 'react';
import type { i18n } from 'i18next';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '@/lib/queries/client';
import { AppProvider } from './provider';
import { buildRootRoutes } from './routes';

export function App({ i18n }: { i18n: i18n }) {
  const [router] = useState(() => createBrowserRouter(buildRootRoutes()));
  const [queryClient] = useState(createQueryClient);
  return (
    <AppProvider i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
