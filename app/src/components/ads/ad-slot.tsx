// A place for an ad at the foot of a listener page. Nothing of it is in the first load: once the
// page has drawn, the ad's code and the site's answer (`/api/site`) are fetched; members never see
// an ad. The ad sits in a box of fixed height below the page's content, so it never moves the
// first screen.
import { lazy, Suspense, useEffect, useState } from 'react';
import type { AdSlot as SlotName } from '@/lib/api/types';

const AdBox = lazy(() => import('./ad-box').then((module) => ({ default: module.AdBox })));

export function AdSlot({ slot }: { slot: SlotName }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // After the first paint: the next frame, then the next task.
    let timer = 0;
    const frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(() => setPainted(true), 0);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, []);
  if (!painted) return null;
  return (
    <Suspense fallback={null}>
      <AdBox slot={slot} />
    </Suspense>
  );
}
