// The browser's time zone, and the zones this tab was offered and declined (session storage).

/** Spec §9: how often the profile's time zone is compared with the browser's. */
export const timezoneCheckIntervalMs = 300_000;

const declinedKey = 'timezone-offer-declined';

export function browserTimezone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

export function declinedTimezones(): string[] {
  try {
    const list: unknown = JSON.parse(window.sessionStorage.getItem(declinedKey) ?? '[]');
    return Array.isArray(list) ? list.filter((zone): zone is string => typeof zone === 'string') : [];
  } catch {
    return [];
  }
}

/** The listener closed the offer of `zone`: this tab does not ask about it again. */
export function rememberDeclined(zone: string): void {
  const zones = declinedTimezones();
  if (zones.includes(zone)) return;
  try {
    window.sessionStorage.setItem(declinedKey, JSON.stringify([...zones, zone]));
  } catch {
    // Storage refused: the offer is still made once per page load only.
  }
}

/**
 * The browser's zone when it is worth offering: it differs from the profile's and was neither
 * offered in this page load nor declined in this tab. Whether core allows it is asked after.
 */
export function zoneWorthOffering(profileZone: string, offered: ReadonlySet<string>): string | null {
  const zone = browserTimezone();
  if (!zone || zone === profileZone || offered.has(zone) || declinedTimezones().includes(zone)) return null;
  return zone;
}
