// Whether a loading indicator may show yet: not during its first 200 ms (spec §9, the default delay
// of async loading), so an answer that comes quickly never flashes a spinner or a skeleton.
import { useEffect, useState } from 'react';

export const loadingIndicatorDelayMs = 200;

export function useShownAfterDelay(delayMs = loadingIndicatorDelayMs): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setShown(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [delayMs]);
  return shown;
}
