// Runs the anti-crawler's detections once the app is in (spec §7, §9): the light ones at once and
// every 5 s, those walking the page every 30 s; each kind reported once per page session, to
// `POST /api/anti-crawler/report`, never in anyone's way (a failure is only logged).
import { request } from '@/lib/http';
import {
  detectDebugger,
  detectDevtools,
  detectExtensions,
  detectHooks,
  detectTampering,
  measuringFunctions,
  solvingFunctions,
  type Detection,
  type DetectionType,
} from './detectors';

/** Spec §9: the two cadences of the integrity checks. */
export const fastEveryMs = 5000;
export const slowEveryMs = 30_000;

export type Check = () => Detection | null;

export const fastChecks: Check[] = [
  () => detectDevtools(),
  () => detectDebugger(),
  () => detectTampering(measuringFunctions()),
];
export const slowChecks: Check[] = [
  () => detectExtensions(),
  () => detectHooks(),
  () => detectTampering(solvingFunctions()),
];

export interface Watch {
  /** Spec §3's `visitorId`: the tab's tracking session id. */
  visitorId: string;
  fast?: Check[];
  slow?: Check[];
}

/** Starts the checks; returns what stops them. */
export function watchPage({ visitorId, fast = fastChecks, slow = slowChecks }: Watch): () => void {
  const reported = new Set<DetectionType>();
  const report = ({ type, details }: Detection) => {
    reported.add(type);
    const body = { type, visitorId, timestamp: Date.now(), details };
    request('POST', '/api/anti-crawler/report', { body, retries: 0 }).catch((error: unknown) =>
      console.debug('The anti-crawler report was not sent', error),
    );
  };
  const run = (checks: Check[]) => {
    for (const check of checks) {
      try {
        const found = check();
        if (found && !reported.has(found.type)) report(found);
      } catch (error) {
        console.debug('An anti-crawler check failed', error);
      }
    }
  };
  run([...fast, ...slow]);
  const timers = [window.setInterval(() => run(fast), fastEveryMs), window.setInterval(() => run(slow), slowEveryMs)];
  return () => timers.forEach((timer) => window.clearInterval(timer));
}
