// The open overlays, lowest first (the last opened is drawn on top). Loaded with the first overlay.
import { OverlayFrame } from './overlay-frame';
import type { OverlayManager, OverlayState } from './overlay-manager';
import './overlay.css';

export default function OverlayLayer({
  manager,
  overlays,
}: {
  manager: OverlayManager;
  overlays: readonly OverlayState[];
}) {
  // Created and kept (unmounted) overlays are not on the page; a closed one is still leaving.
  const shown = overlays
    .filter((overlay) => overlay.phase === 'opened' || overlay.phase === 'closed')
    .sort((a, b) => a.layer - b.layer);
  return shown.map((overlay) => <OverlayFrame key={overlay.id} manager={manager} overlay={overlay} />);
}
