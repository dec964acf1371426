// Behaviour tracking starts a few seconds after the app, like the update notices: its code and the
// rule it needs (core's `pages` build) are fetched then, outside the first load's files. Until then
// this stub only notes each navigation and when it happened, so each still gets its page view; the
// pages' play, search and favourite events wait meanwhile (`lib/behavior-events`), kept only while
// tracking is allowed.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { authStore } from '@/features/auth/auth-store';
import type { NotedNavigation } from '@/features/tracking/tracker';
import { gateEvents } from '@/lib/behavior-events';
import { browserDeclinesTracking, mayTrack } from '@/lib/tracking-consent';

/** How long after the app starts the tracking code is fetched. */
export const trackingDelayMs = 4000;

const loadTracking = () => import('@/features/tracking/tracking-session');
const TrackingSession = lazy(() => loadTracking().then((module) => ({ default: module.TrackingSession })));

export function LaterTracking({ delayMs = trackingDelayMs }: { delayMs?: number }) {
  const { pathname, search } = useLocation();
  const noted = useRef<NotedNavigation[]>([]);
  const [earlier, setEarlier] = useState<NotedNavigation[] | null>(null);
  const started = earlier !== null;
  useEffect(() => {
    if (!started) noted.current.push({ url: pathname + search, at: Date.now() });
  }, [pathname, search, started]);
  useEffect(() => gateEvents(() => mayTrack(authStore.currentUser)), []);
  useEffect(() => {
    // Do-Not-Track or Global Privacy Control: nothing is sent, so nothing is fetched either.
    if (browserDeclinesTracking()) return;
    // The navigations are noted until the code is in, so none made while it downloads is missed.
    const timer = window.setTimeout(
      () =>
        loadTracking().then(
          () => setEarlier(noted.current.slice()),
          (error: unknown) => console.debug('The tracking code did not load', error),
        ),
      delayMs,
    );
    return () => window.clearTimeout(timer);
  }, [delayMs]);
  if (!earlier) return null;
  return (
    <Suspense fallback={null}>
      <TrackingSession earlier={earlier} />
    </Suspense>
  );
}
