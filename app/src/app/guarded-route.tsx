// Runs core's route decision for one route and renders its page, a redirect, or the error screen.
import { Suspense } from 'react';
import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorScreen } from '@/components/error-screen/error-screen';
import { PageLoading } from '@/components/page-loading/page-loading';
import { toGuardUser, useCurrentUser } from '@/features/auth/use-current-user';
import { AppError } from '@/lib/app-error';
import { decideRoute } from '@/lib/core';
import { useLang } from '@/lib/lang';
import { usePageTitle } from '@/lib/page-title';
import type { AppRoute } from './route-table';

export const notFoundMessage = 'Page not found';

function Page({ route }: { route: AppRoute }) {
  const { t } = useTranslation();
  const { fullPath } = useLang();
  const params = useParams();
  const Component = route.page;
  usePageTitle(Component ? t(route.titleKey) : null);
  if (route.validate && !route.validate(params)) {
    throw new AppError(404, `Page Not Found: ${fullPath.split('?')[0]}`, { fatal: true });
  }
  if (!Component) return <ErrorScreen statusCode={404} statusMessage={notFoundMessage} />;
  return (
    <Suspense fallback={<PageLoading label={t('app.loading')} />}>
      <Component />
    </Suspense>
  );
}

export function GuardedRoute({ route }: { route: AppRoute }) {
  const user = useCurrentUser();
  const { lang, fullPath } = useLang();
  const decision = decideRoute({
    path: fullPath,
    user: toGuardUser(user),
    nowMs: Date.now(),
    guards: route.guards,
    permission: route.permission ?? null,
    lang,
  });
  switch (decision.kind) {
    case 'allow':
      return <Page route={route} />;
    case 'forbidden':
      return <ErrorScreen statusCode={decision.statusCode} statusMessage={decision.statusMessage} />;
    default:
      // Core keeps the locale prefix of the visited path on its redirect targets.
      return <Navigate replace to={decision.to} />;
  }
}
