// `useOverlays()`: the app's overlay manager, e.g. `if (await overlays.confirm({...})) remove()`.
import { useContext } from 'react';
import type { OverlayManager } from './overlay-manager';
import { OverlayContext } from './overlay-provider';

export function useOverlays(): OverlayManager {
  const manager = useContext(OverlayContext);
  if (!manager) throw new Error('useOverlays must be used inside <OverlayProvider>');
  return manager;
}
