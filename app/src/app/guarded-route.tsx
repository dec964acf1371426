// Runs core's route decision for one route and renders its page, a redirect, or the error screen.
import { Suspense, useEffect, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorScreen } from '@/components/error-screen/error-screen';
import { authStore } from '@/features/auth/auth-store';
import { toGuardUser, useAuth, useCurrentUser } from '@/features/auth/use-auth';
import { pageNotFound } from '@/lib/app-error';
import { useLang } from '@/lib/lang';
import { usePageTitle } from '@/lib/page-title';
import { PagePending } from './page-pending';
import { routeDecision } from './route-access';
import type { AppRoute } from './route-table';

export const notFoundMessage = 'Page not found';

function Page({ route }: { route: AppRoute }) {
  const { t } = useTranslation();
  const { fullPath } = useLang();
  const params = useParams();
  const Component = route.page;
  usePageTitle(Component ? route.title(t) : null);
  if (route.validate && !route.validate(params)) {
    throw pageNotFound(fullPath);
  }
  if (!Component) return <ErrorScreen statusCode={404} statusMessage={notFoundMessage} />;
  return (
    <Suspense fallback={<PagePending label={t('app.loading')} />}>
      <Component />
    </Suspense>
  );
}

/**
 * A signed-out visit to a page that needs login first tries to restore the stored session
 * (spec §4); only when that fails does the login redirect happen. One try per address.
 */
function useRestoreAttempt(needsLogin: boolean, address: string): 'checking' | 'failed' {
  const [failedFor, setFailedFor] = useState<string | null>(null);
  useEffect(() => {
    if (!needsLogin || failedFor === address) return;
    let live = true;
    void authStore.restoreForNavigation().then((restored) => {
      if (live && !restored) setFailedFor(address);
    });
    return () => {
      live = false;
    };
  }, [needsLogin, address, failedFor]);
  return failedFor === address ? 'failed' : 'checking';
}

export function GuardedRoute({ route }: { route: AppRoute }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { expiring } = useAuth();
  const { lang, fullPath } = useLang();
  const decision = routeDecision(route, { path: fullPath, user: toGuardUser(user), lang });
  // After a session expired the app itself goes to login (with its reason): no restore, no redirect here.
  const restore = useRestoreAttempt(decision.kind === 'login' && !expiring, fullPath);
  switch (decision.kind) {
    case 'allow':
      return <Page route={route} />;
    case 'forbidden':
      return <ErrorScreen statusCode={decision.statusCode} statusMessage={decision.statusMessage} />;
    case 'login':
      if (expiring || restore === 'checking') return <PagePending label={t('app.loading')} />;
      return <Navigate replace to={decision.to} />;
    default:
      // Core keeps the locale prefix of the visited path on its redirect targets; a signed-in
      // user on login or register goes to the page's `redirect` (local paths only, core's rule).
      return <Navigate replace to={decision.to} />;
  }
}
