// The tracking session (spec §4): an id made once per tab (`crypto.randomUUID()`, the shape core's
// `validateBehaviorEvent` asks for) and kept in session storage until the tab closes.

export const trackingSessionKey = 'tracking-session';

export function trackingSessionId(): string {
  try {
    const kept = window.sessionStorage.getItem(trackingSessionKey);
    if (kept) return kept;
  } catch {
    // Storage refused: the id lasts as long as this page.
  }
  const id = crypto.randomUUID();
  try {
    window.sessionStorage.setItem(trackingSessionKey, id);
  } catch {
    // As above.
  }
  return id;
}
