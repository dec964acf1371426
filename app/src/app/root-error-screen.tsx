// Last-resort error element of the router, for errors thrown outside any layout's boundary.
import { useEffect } from 'react';
import { useLocation, useRouteError } from 'react-router';
import { ErrorScreen } from '@/components/error-screen/error-screen';
import { describeError } from '@/lib/app-error';
import { splitLocale } from '@/lib/core';
import { LangProvider } from '@/lib/lang';

export function RootErrorScreen() {
  const error = useRouteError();
  const location = useLocation();
  const { lang } = splitLocale({ path: location.pathname });
  const { statusCode, statusMessage } = describeError(error);
  useEffect(() => console.error(error), [error]);
  return (
    <LangProvider value={{ lang, fullPath: location.pathname + location.search }}>
      <main className="root-error">
        <ErrorScreen statusCode={statusCode} statusMessage={statusMessage} />
      </main>
    </LangProvider>
  );
}
