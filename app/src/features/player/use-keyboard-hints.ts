// Whether to show keyboard-shortcut hints: only on a device with hover and a fine pointer (a desktop
// with a mouse, so most likely a keyboard), never on a touch screen; follows the device as it changes.
import { useSyncExternalStore } from 'react';

export const keyboardQuery = '(hover: hover) and (pointer: fine)';

// One query list, made on first use (the bar reads it on every render, several times a second while
// playing); made again only if `matchMedia` itself is replaced.
let made: { matchMedia: Window['matchMedia']; list: MediaQueryList } | null = null;

function mediaList(): MediaQueryList | null {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return null;
  if (made?.matchMedia !== window.matchMedia) {
    made = { matchMedia: window.matchMedia, list: window.matchMedia(keyboardQuery) };
  }
  return made.list;
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
