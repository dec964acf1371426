// The anti-crawler's detections start a few seconds after the app, like behaviour tracking: their
// code (`./anti-crawler-detections`) and the rules they ask are fetched then, outside the first load.
import { useEffect } from 'react';

/** How long after the app starts the detections' code is fetched. */
export const detectionsDelayMs = 4000;

export function LaterAntiCrawler({ delayMs = detectionsDelayMs }: { delayMs?: number }) {
  useEffect(() => {
    let started: Promise<(() => void) | void> | undefined;
    const timer = window.setTimeout(() => {
      started = import('./anti-crawler-detections').then((module) => module.startDetections(), console.debug);
    }, delayMs);
    return () => {
      window.clearTimeout(timer);
      void started?.then((stop) => stop?.());
    };
  }, [delayMs]);
  return null;
}
