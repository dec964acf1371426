// The overlay lifecycle of spec §4 as a reducer over the app's overlays (UI state, not a business
// rule): created (registered, not shown) → opened → closed with a result (still on screen while it
// leaves) → unmounted; then destroyed (dropped) when created with destroyOnClose, else kept, and a
// kept overlay may be opened again.

export type OverlayPhase = 'created' | 'opened' | 'closed' | 'unmounted';

export interface OverlayRecord<Content> {
  id: string;
  content: Content;
  phase: OverlayPhase;
  destroyOnClose: boolean;
  /** Stacking: each opening puts the overlay above every other (higher is nearer the top). */
  layer: number;
  /** What it closed with, until it is opened again. */
  result: unknown;
}

export type OverlayAction<Content> =
  | { type: 'create'; id: string; content: Content; destroyOnClose: boolean }
  | { type: 'open'; id: string }
  | { type: 'close'; id: string; result: unknown }
  | { type: 'unmounted'; id: string }
  | { type: 'destroy'; id: string };

/** The phases each step may start from; a step from any other phase changes nothing. */
const startsFrom: Record<'open' | 'close' | 'unmounted', readonly OverlayPhase[]> = {
  open: ['created', 'unmounted'],
  close: ['opened'],
  unmounted: ['closed'],
};

function replace<Content>(overlays: readonly OverlayRecord<Content>[], next: OverlayRecord<Content>) {
  return overlays.map((overlay) => (overlay.id === next.id ? next : overlay));
}

export function overlayLifecycle<Content>(
  overlays: readonly OverlayRecord<Content>[],
  action: OverlayAction<Content>,
): readonly OverlayRecord<Content>[] {
  const overlay = overlays.find((entry) => entry.id === action.id);
  switch (action.type) {
    case 'create':
      if (overlay) return overlays;
      return [
        ...overlays,
        {
          id: action.id,
          content: action.content,
          phase: 'created',
          destroyOnClose: action.destroyOnClose,
          layer: 0,
          result: undefined,
        },
      ];
    case 'destroy':
      return overlay ? overlays.filter((entry) => entry.id !== action.id) : overlays;
  }
  if (!overlay || !startsFrom[action.type].includes(overlay.phase)) return overlays;
  switch (action.type) {
    case 'open': {
      const top = Math.max(0, ...overlays.map((entry) => entry.layer));
      return replace(overlays, { ...overlay, phase: 'opened', layer: top + 1, result: undefined });
    }
    case 'close':
      return replace(overlays, { ...overlay, phase: 'closed', result: action.result });
    case 'unmounted':
      if (overlay.destroyOnClose) return overlays.filter((entry) => entry.id !== action.id);
      return replace(overlays, { ...overlay, phase: 'unmounted' });
  }
}
