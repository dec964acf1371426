// The tracking session inside the app (loaded a few seconds after it, `app/later-tracking.tsx`):
// feeds the router's navigations to the tracker, and stops sending when the listener turns tracking off.
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { authStore } from '@/features/auth/auth-store';
import { useCurrentUser } from '@/features/auth/use-auth';
import type { UserView } from '@/lib/api/types';
import { bearerToken } from '@/lib/http';
import { trackingAllowed } from '@/lib/core';
import { browserSignals } from '@/lib/tracking-consent';
import { trackingSessionId } from './session-id';
import { Tracker, type NotedNavigation } from './tracker';

/** Whether events may be sent for `user` now (core's `trackingAllowed`). */
export function mayTrack(user: UserView | null): boolean {
  return trackingAllowed({ ...browserSignals(), trackingEnabled: user?.preferences.trackingEnabled ?? null });
}

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
    return stop;
  }, [tracker, earlier]);
  useEffect(() => tracker.navigated(pathname + search), [tracker, pathname, search]);
  return null;
}
