// The tracking session inside the app (loaded a few seconds after it, `app/later-tracking.tsx`):
// feeds the router's navigations and the pages' noted events (`lib/behavior-events`) to the tracker,
// and stops sending when the listener turns tracking off.
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { authStore } from '@/features/auth/auth-store';
import { useCurrentUser } from '@/features/auth/use-auth';
import { takeEvents } from '@/lib/behavior-events';
import { bearerToken } from '@/lib/http';
import { mayTrack } from '@/lib/tracking-consent';
import { trackingSessionId } from './session-id';
import { Tracker, type NotedNavigation } from './tracker';

function accessTokenNow(): string | null {
  const { isAuthenticated, tokens } = authStore.getSnapshot();
  return isAuthenticated ? (tokens?.accessToken ?? null) : null;
}

export function TrackingSession({ earlier }: { earlier: NotedNavigation[] }) {
  const { pathname, search } = useLocation();
  const user = useCurrentUser();
  const userRef = useRef(user);
  useEffect(() => {
    userRef.current = user;
  }, [user]);
  const [tracker] = useState(
    () =>
      new Tracker({
        sessionId: trackingSessionId(),
        allowed: () => mayTrack(userRef.current),
        sending: { token: bearerToken },
        beaconToken: accessTokenNow,
      }),
  );
  useEffect(() => {
    const stop = tracker.start();
    tracker.catchUp(earlier);
    const stopTaking = takeEvents((event) => tracker.record(event));
    return () => {
      stop();
      stopTaking();
    };
  }, [tracker, earlier]);
  useEffect(() => tracker.navigated(pathname + search), [tracker, pathname, search]);
  return null;
}
