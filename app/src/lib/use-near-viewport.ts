// Whether an element has come near the screen, for what a page shows below its first screen: its
// data is asked for when the listener scrolls towards it, not while the first screen loads.
import { useCallback, useEffect, useState } from 'react';

/** How far below (or above) the screen an element counts as near: a short scroll away. */
export const nearViewportMargin = '200px';

/**
 * A ref callback for the element and whether it has been near the screen yet (it stays true once
 * it has). Without IntersectionObserver every element counts as near.
 */
export function useNearViewport<T extends Element>(): [(node: T | null) => void, boolean] {
  const [node, setNode] = useState<T | null>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !node) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${nearViewportMargin} 0px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [near, node]);
  return [useCallback((element: T | null) => setNode(element), []), near];
}
