// Toast area constants of spec §9 (Radix defaults where Radix has them).
export const toastConfig = {
  durationMs: 5000,
  maxEntries: 5,
  removeDelayMs: 200,
  swipeThreshold: 50,
  hotkey: ['F8'],
  /** Spec §9: "expanded by default"; with `false` toasts stack and expand on hover or focus. */
  expand: true,
} as const;
