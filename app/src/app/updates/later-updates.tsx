// The update notices (new builds, the time-zone offer) start a few seconds after the app: neither is
// wanted while the first page draws, so their code is fetched then, outside the first load's files.
import { lazy, Suspense, useEffect, useState } from 'react';

/** How long after the app starts the notices' code is fetched and their checks begin. */
export const updatesDelayMs = 4000;

const AppUpdates = lazy(() => import('./app-updates').then((module) => ({ default: module.AppUpdates })));

export function LaterUpdates({ delayMs = updatesDelayMs }: { delayMs?: number }) {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setStarted(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [delayMs]);
  if (!started) return null;
  return (
    <Suspense fallback={null}>
      <AppUpdates />
    </Suspense>
  );
}
