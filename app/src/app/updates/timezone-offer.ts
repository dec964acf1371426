// The browser's time zone, and the zone this browser was last asked about (local storage).

/** Spec §9: how often the profile's time zone is compared with the browser's. */
export const timezoneCheckIntervalMs = 300_000;

/** The browser zone this browser was last asked about (local storage: once per browser, not per load). */
export const askedKey = 'timezone-offer-asked';

export function browserTimezone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

export function askedTimezone(): string | null {
  try {
    return window.localStorage.getItem(askedKey);
  } catch {
    return null;
  }
}

/** The listener was offered `zone`: this browser does not ask again until its zone is another. */
export function rememberAsked(zone: string): void {
  try {
    window.localStorage.setItem(askedKey, zone);
  } catch {
    // Storage refused: the offer is still made once per page load only.
  }
}

/**
 * The browser's zone when it is worth offering: it differs from the profile's and is not the zone
 * this browser (or this page load) was already asked about. Whether core allows it is asked after.
 */
export function zoneWorthOffering(profileZone: string, offered: ReadonlySet<string>): string | null {
  const zone = browserTimezone();
  if (!zone || zone === profileZone || offered.has(zone) || askedTimezone() === zone) return null;
  return zone;
}
