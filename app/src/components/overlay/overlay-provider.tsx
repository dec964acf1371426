// Holds the app's overlay manager, exposes `useOverlays()`, and draws the open overlays once there
// is one (the layer's code, Radix included, is fetched then, not with the first load).
import { createContext, lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from 'react';
import { OverlayManager } from './overlay-manager';

export const OverlayContext = createContext<OverlayManager | null>(null);

const OverlayLayer = lazy(() => import('./overlay-layer'));

export function OverlayProvider({ children }: { children: ReactNode }) {
  const [manager] = useState(() => new OverlayManager());
  const overlays = useSyncExternalStore(manager.subscribe, manager.getSnapshot, manager.getSnapshot);
  return (
    <OverlayContext.Provider value={manager}>
      {children}
      {overlays.length > 0 ? (
        <Suspense fallback={null}>
          <OverlayLayer manager={manager} overlays={overlays} />
        </Suspense>
      ) : null}
    </OverlayContext.Provider>
  );
}
