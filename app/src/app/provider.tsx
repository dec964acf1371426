// Wraps the app in its providers: translations (with a loading state), current user, toasts.
import { Suspense, type ReactNode } from 'react';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { PageLoading } from '@/components/page-loading/page-loading';
import { ToastProvider } from '@/components/toast/toast-provider';
import { CurrentUserProvider } from '@/features/auth/current-user';
import type { User } from '@/features/auth/types';

interface AppProviderProps {
  i18n: i18n;
  user?: User | null;
  children: ReactNode;
}

export function AppProvider({ i18n, user = null, children }: AppProviderProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <Suspense fallback={<PageLoading />}>
        <CurrentUserProvider user={user}>
          <ToastProvider>{children}</ToastProvider>
        </CurrentUserProvider>
      </Suspense>
    </I18nextProvider>
  );
}
