// Wraps the app in its providers: translations (with a loading state) and toasts. The current
// user lives in the auth store (`features/auth/auth-store`), not in a provider.
import { Suspense, type ReactNode } from 'react';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { PageLoading } from '@/components/page-loading/page-loading';
import { ToastProvider } from '@/components/toast/toast-provider';

interface AppProviderProps {
  i18n: i18n;
  children: ReactNode;
}

export function AppProvider({ i18n, children }: AppProviderProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <Suspense fallback={<PageLoading />}>
        <ToastProvider>{children}</ToastProvider>
      </Suspense>
    </I18nextProvider>
  );
}
