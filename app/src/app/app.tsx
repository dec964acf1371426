// The browser app: providers (with the one query cache) around the update notices and the routes, in the browser's history.
import { useState } from 'react';
import type { i18n } from 'i18next';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from '@/lib/queries/client';
import { AppProvider } from './provider';
import { RootRoutes } from './routes';
import { AppUpdates } from './updates/app-updates';

export function App({ i18n }: { i18n: i18n }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppProvider i18n={i18n} queryClient={queryClient}>
      <AppUpdates />
      <BrowserRouter>
        <RootRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
