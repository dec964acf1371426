// The anti-crawler's detections (spec §7, §9): each measures the page and asks core's rule
// (`core/src/anti_crawler/detection.rs`) whether that means something; what it found goes in the report.
import { debuggerPaused, devtoolsOpen, extensionSources, hookedFunctions } from '@/lib/core-pages';

/** The `type` of an anti-crawler report (`POST /api/anti-crawler/report`). */
export type DetectionType = 'devtools' | 'debugger' | 'extensions' | 'hooks' | 'integrity';

export interface Detection {
  type: DetectionType;
  /** Small by construction: the report's details stay well under the server's 2 KB. */
  details: Record<string, unknown>;
}

export type WindowSizes = Pick<Window, 'outerWidth' | 'innerWidth' | 'outerHeight' | 'innerHeight'>;

/** Developer tools docked beside or below the page: a gap between the window's outer and inner size. */
export function detectDevtools(view: WindowSizes = window): Detection | null {
  const { outerWidth, innerWidth, outerHeight, innerHeight } = view;
  const sizes = { outerWidth, innerWidth, outerHeight, innerHeight };
  return devtoolsOpen(sizes) ? { type: 'devtools', details: sizes } : null;
}

/** A debugger stopping the page: a `debugger` statement returns at once unless someone stops on it. */
export function detectDebugger(now: () => number = () => performance.now()): Detection | null {
  const start = now();
  // eslint-disable-next-line no-debugger -- the detection itself: a no-op unless a debugger is attached
  debugger;
  const elapsedMs = now() - start;
  return debuggerPaused({ elapsedMs }) ? { type: 'debugger', details: { elapsedMs: Math.round(elapsedMs) } } : null;
}

/** Every address the page holds (its elements' `src` and `href`) or has loaded. */
function pageAddresses(page: Document): string[] {
  const inElements = Array.from(page.querySelectorAll('[src],[href]'), (element) =>
    String(element.getAttribute('src') ?? element.getAttribute('href')),
  );
  const loaded = performance.getEntriesByType?.('resource').map((entry) => entry.name) ?? [];
  return [...new Set([...inElements, ...loaded])];
}

/** Browser extensions working in the page: files from their own addresses in it. */
export function detectExtensions(page: Document = document): Detection | null {
  const sources = extensionSources({ urls: pageAddresses(page) });
  if (sources.length === 0) return null;
  return { type: 'extensions', details: { sources: sources.slice(0, 5).map((source) => source.slice(0, 200)) } };
}

/** The functions among `watched` (by name) that are no longer the browser's own. */
function replaced(watched: Record<string, unknown>): string[] {
  const functions = Object.entries(watched)
    .filter((entry): entry is [string, (...args: never[]) => unknown] => typeof entry[1] === 'function')
    .map(([name, fn]) => ({ name, source: Function.prototype.toString.call(fn) }));
  return hookedFunctions({ functions });
}

/** What a page's requests and data go through: replaced, someone watches or changes them. */
export const networkFunctions = (): Record<string, unknown> => ({
  fetch: globalThis.fetch,
  'XMLHttpRequest.prototype.open': globalThis.XMLHttpRequest?.prototype.open,
  'XMLHttpRequest.prototype.send': globalThis.XMLHttpRequest?.prototype.send,
  'XMLHttpRequest.prototype.setRequestHeader': globalThis.XMLHttpRequest?.prototype.setRequestHeader,
  WebSocket: globalThis.WebSocket,
  'navigator.sendBeacon': globalThis.navigator?.sendBeacon,
  'EventTarget.prototype.addEventListener': globalThis.EventTarget?.prototype.addEventListener,
  'JSON.parse': JSON.parse,
  'JSON.stringify': JSON.stringify,
  'Function.prototype.toString': Function.prototype.toString,
});

/** Hooked APIs: the page's network and data functions replaced by script. */
export function detectHooks(watched: Record<string, unknown> = networkFunctions()): Detection | null {
  const functions = replaced(watched);
  return functions.length > 0 ? { type: 'hooks', details: { functions } } : null;
}

/**
 * The integrity checks' two sets. Every 5 s, the clocks, timers and storage the detections and the
 * challenge code rely on (replaced, they can hide a pause or keep a stale code); every 30 s, what
 * the proof of work runs on (the worker and WebAssembly).
 */
export const measuringFunctions = (): Record<string, unknown> => ({
  'performance.now': globalThis.performance?.now,
  'Date.now': Date.now,
  setTimeout: globalThis.setTimeout,
  setInterval: globalThis.setInterval,
  'Storage.prototype.getItem': globalThis.Storage?.prototype.getItem,
  'Storage.prototype.setItem': globalThis.Storage?.prototype.setItem,
});
export const solvingFunctions = (): Record<string, unknown> => ({
  Worker: globalThis.Worker,
  'WebAssembly.instantiate': globalThis.WebAssembly?.instantiate,
  'WebAssembly.compile': globalThis.WebAssembly?.compile,
  'WebAssembly.instantiateStreaming': globalThis.WebAssembly?.instantiateStreaming,
});

/** The page's own tools tampered with (`measuringFunctions` or `solvingFunctions`). */
export function detectTampering(watched: Record<string, unknown>): Detection | null {
  const functions = replaced(watched);
  return functions.length > 0 ? { type: 'integrity', details: { functions } } : null;
}
