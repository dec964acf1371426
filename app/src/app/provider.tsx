// Wraps the app in its providers: the query cache, translations (with a loading state), toasts and overlays.
// The current user lives in the auth store (`features/auth/auth-store`), not in a provider.
import { Suspense, type ReactNode } from 'react';
import type { i18n } from 'i18next';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { PageLoading } from '@/components/page-loading/page-loading';
import { OverlayProvider } from '@/components/overlay/overlay-provider';
import { ToastProvider } from '@/components/toast/toast-provider';

interface AppProviderProps {
  i18n: i18n;
  /** The one cache of server answers (`lib/queries/client`): made once by the app, once per test render. */
  queryClient: QueryClient;
  children: ReactNode;
}

export function AppProvider({ i18n, queryClient, children }: AppProviderProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={<PageLoading />}>
          <ToastProvider>
            <OverlayProvider>{children}</OverlayProvider>
          </ToastProvider>
        </Suspense>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
