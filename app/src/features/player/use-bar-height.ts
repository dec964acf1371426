// Publishes the player bar's height as `--player-bar-height` on the page while it is shown, so
// what floats at the bottom of the screen (the toasts) sits above it instead of covering it.
import { useCallback, useEffect, useRef } from 'react';

export const barHeightProperty = '--player-bar-height';

/** A ref callback for the bar: its height is kept in the property while it is mounted. */
export function useBarHeight(): (element: HTMLElement | null) => void {
  const observer = useRef<ResizeObserver | null>(null);
  const root = document.documentElement.style;
  const stop = useCallback(() => {
    observer.current?.disconnect();
    observer.current = null;
    root.removeProperty(barHeightProperty);
  }, [root]);
  useEffect(() => stop, [stop]);
  return useCallback(
    (element: HTMLElement | null) => {
      stop();
      if (!element) return;
      const publish = () => root.setProperty(barHeightProperty, `${element.offsetHeight}px`);
      publish();
      if (typeof ResizeObserver !== 'undefined') {
        observer.current = new ResizeObserver(publish);
        observer.current.observe(element);
      }
    },
    [root, stop],
  );
}
