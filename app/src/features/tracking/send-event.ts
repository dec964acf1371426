// Sends one behaviour event (spec §7, §9): with fetch, 5 s a try and up to 3 retries waiting 1, 2
// and 3 s; or, as the page unloads, with `navigator.sendBeacon`. A failure is only logged.
import { apiUrl, challengeFetch, pageLanguageHeaders, retryableStatuses } from '@/lib/http';

/** The behaviour endpoints the browser sends to (`POST /api/behavior/{kind}`). */
export type TrackedKind = 'pageview' | 'browsing' | 'play' | 'search' | 'favorite';

/** Spec §9: how long one try may take. */
export const attemptTimeoutMs = 5000;
/** Spec §7, §9: the waits before the 1st, 2nd and 3rd retry. */
export const retryWaitsMs = [1000, 2000, 3000] as const;

export interface Sending {
  /** The bearer token to send, or null for a guest (asked before each try). */
  token: () => Promise<string | null>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Whether another try may succeed: no answer, a timeout, or a transient status. */
function worthRetrying(outcome: Response | 'no-answer'): boolean {
  return outcome === 'no-answer' || retryableStatuses.has(outcome.status);
}

async function attempt(kind: TrackedKind, body: string, token: string | null): Promise<Response | 'no-answer'> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), attemptTimeoutMs);
  try {
    return await challengeFetch(apiUrl(`/api/behavior/${kind}`), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...pageLanguageHeaders(),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body,
      // Sent when the page is hidden, the request may have to outlive the page.
      keepalive: true,
      signal: timeout.signal,
    });
  } catch {
    return 'no-answer';
  } finally {
    clearTimeout(timer);
  }
}

/** Posts `event` to `/api/behavior/{kind}`; resolves whatever happens (never throws). */
export async function postEvent(kind: TrackedKind, event: object, sending: Sending): Promise<boolean> {
  const body = JSON.stringify(event);
  for (let retry = 0; ; retry += 1) {
    let token: string | null = null;
    try {
      token = await sending.token();
    } catch {
      // A guest's event is still worth sending.
    }
    const outcome = await attempt(kind, body, token);
    if (outcome !== 'no-answer' && outcome.ok) return true;
    if (!worthRetrying(outcome) || retry >= retryWaitsMs.length) {
      console.debug(`Behaviour event ${kind} not sent`, outcome === 'no-answer' ? outcome : outcome.status);
      return false;
    }
    await sleep(retryWaitsMs[retry]);
  }
}

/**
 * Hands `event` to the browser to send after the page is gone. `sendBeacon` cannot set headers:
 * a signed-in listener's access token goes in `?token=`, which the browsing endpoint accepts.
 */
export function beaconEvent(kind: TrackedKind, event: object, token: string | null): boolean {
  const address = apiUrl(`/api/behavior/${kind}`) + (token ? `?token=${encodeURIComponent(token)}` : '');
  try {
    const queued = navigator.sendBeacon(address, new Blob([JSON.stringify(event)], { type: 'application/json' }));
    if (!queued) console.debug(`Behaviour event ${kind} not queued by sendBeacon`);
    return queued;
  } catch (error) {
    console.debug(`Behaviour event ${kind} not sent`, error);
    return false;
  }
}
