// Whether to show keyboard-shortcut hints: only on a device with hover and a fine pointer (a desktop
// with a mouse, so most likely a keyboard), never on a touch screen; follows the device as it changes.
import { useSyncExternalStore } from 'react';

export const keyboardQuery = '(hover: hover) and (pointer: fine)';

function mediaList(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(keyboardQuery)
    : null;
}

function subscribe(onChange: () => void): () => void {
  const list = mediaList();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

const hasKeyboard = () => mediaList()?.matches ?? false;

export function useKeyboardHints(): boolean {
  return useSyncExternalStore(subscribe, hasKeyboard, () => false);
}
