// The browser an event comes from (spec §3 `deviceInfo`), as the browser reports it.
import type { validateBehaviorEvent } from '@/lib/core-pages';

export type DeviceInfo = NonNullable<Parameters<typeof validateBehaviorEvent>[0]['deviceInfo']>;

export function deviceInfo(): DeviceInfo {
  return {
    userAgent: navigator.userAgent,
    screenWidth: window.screen?.width ?? null,
    screenHeight: window.screen?.height ?? null,
    devicePixelRatio: window.devicePixelRatio ?? null,
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone ?? null,
    language: navigator.language ?? null,
  };
}
