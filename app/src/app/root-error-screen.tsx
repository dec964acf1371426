// Last-resort error screen, for errors thrown outside any layout's boundary (the locale layer).
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { ErrorScreen } from '@/components/error-screen/error-screen';
import { describeError } from '@/lib/app-error';
import { splitLocale } from '@/lib/core';
import { LangProvider } from '@/lib/lang';

export function RootErrorScreen({ error, onReset }: { error: unknown; onReset: () => void }) {
  const location = useLocation();
  const { lang } = splitLocale({ path: location.pathname });
  const { statusCode, statusMessage } = describeError(error);
  useEffect(() => console.error(error), [error]);
  return (
    <LangProvider value={{ lang, fullPath: location.pathname + location.search }}>
      <main className="root-error">
        <ErrorScreen statusCode={statusCode} statusMessage={statusMessage} onReset={onReset} />
      </main>
    </LangProvider>
  );
}
