// What the browser says about being tracked (Do-Not-Track, Global Privacy Control), for core's
// `trackingAllowed`: when the browser declines, the app sends no behaviour event at all, nor
// fetches the tracking code (the server decides alike from `DNT` and `Sec-GPC`); with the listener's
// switch, whether events may be sent at all.
import type { UserView } from '@/lib/api/types';
import { trackingAllowed } from '@/lib/core';

/** The browser's Do-Not-Track and Global Privacy Control signals. */
export function browserSignals(): { doNotTrack: boolean; globalPrivacyControl: boolean } {
  if (typeof navigator === 'undefined') return { doNotTrack: true, globalPrivacyControl: true };
  const browser = navigator as Navigator & { globalPrivacyControl?: boolean };
  return { doNotTrack: browser.doNotTrack === '1', globalPrivacyControl: browser.globalPrivacyControl === true };
}

export function browserDeclinesTracking(): boolean {
  return !trackingAllowed(browserSignals());
}

/** Whether events may be sent for `user` now (core's `trackingAllowed`). */
export function mayTrack(user: UserView | null): boolean {
  return trackingAllowed({ ...browserSignals(), trackingEnabled: user?.preferences.trackingEnabled ?? null });
}
