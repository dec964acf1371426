// Each detection measures the page and lets core decide (the 160 px gap, the 100 ms pause, the
// extension schemes, the native functions): these run the real rules of the wasm `pages` build.
import {
  detectDebugger,
  detectDevtools,
  detectExtensions,
  detectHooks,
  detectTampering,
  measuringFunctions,
  networkFunctions,
  solvingFunctions,
} from './detectors';

/** A function as the browser prints its own (Node's built-ins print the same way). */
const native = Math.max;
const script = (..._args: unknown[]) => undefined;

describe('anti-crawler detections', () => {
  it('sees developer tools in a window-size gap over 160 px, either way', () => {
    const sizes = { outerWidth: 1280, innerWidth: 1280, outerHeight: 800, innerHeight: 720 };
    expect(detectDevtools(sizes)).toBeNull();
    expect(detectDevtools({ ...sizes, innerWidth: 1120, innerHeight: 640 })).toBeNull();
    expect(detectDevtools({ ...sizes, innerWidth: 1119 })).toEqual({
      type: 'devtools',
      details: { ...sizes, innerWidth: 1119 },
    });
    expect(detectDevtools({ ...sizes, innerHeight: 500 })?.type).toBe('devtools');
  });

  it('sees a debugger when the debugger statement took over 100 ms', () => {
    const clock =
      (...readings: number[]) =>
      () =>
        readings.shift() ?? 0;
    expect(detectDebugger(clock(1000, 1100))).toBeNull();
    expect(detectDebugger(clock(1000, 1100.4))).toEqual({ type: 'debugger', details: { elapsedMs: 100 } });
    expect(detectDebugger(clock(1000, 4000))).toEqual({ type: 'debugger', details: { elapsedMs: 3000 } });
  });

  it('sees extensions by their files in the page, whatever the element', () => {
    const page = document.implementation.createHTMLDocument('page');
    page.body.innerHTML = '<a href="/books">books</a><script src="/assets/shell.js"></script>';
    expect(detectExtensions(page)).toBeNull();
    page.body.insertAdjacentHTML(
      'beforeend',
      '<script src="chrome-extension://abcdef/content.js"></script><link rel="stylesheet" href="moz-extension://1234/inject.css">',
    );
    expect(detectExtensions(page)).toEqual({
      type: 'extensions',
      details: { sources: ['chrome-extension://abcdef/content.js', 'moz-extension://1234/inject.css'] },
    });
  });

  it("sees hooked APIs: functions no longer the browser's own, by name", () => {
    expect(detectHooks({ fetch: native, 'XMLHttpRequest.prototype.open': native })).toBeNull();
    expect(detectHooks({ fetch: script, 'XMLHttpRequest.prototype.open': native, WebSocket: undefined })).toEqual({
      type: 'hooks',
      details: { functions: ['fetch'] },
    });
  });

  it('checks the integrity of the clocks, timers, storage, worker and WebAssembly the protection uses', () => {
    expect(detectTampering({ 'performance.now': native, 'Date.now': native })).toBeNull();
    expect(detectTampering({ 'performance.now': () => 0, 'Date.now': native })).toEqual({
      type: 'integrity',
      details: { functions: ['performance.now'] },
    });
    expect(Object.keys(measuringFunctions())).toEqual(
      expect.arrayContaining(['performance.now', 'Date.now', 'setTimeout', 'setInterval', 'Storage.prototype.getItem']),
    );
    expect(Object.keys(solvingFunctions())).toEqual(expect.arrayContaining(['Worker', 'WebAssembly.instantiate']));
    expect(Object.keys(networkFunctions())).toEqual(
      expect.arrayContaining(['fetch', 'XMLHttpRequest.prototype.open', 'Function.prototype.toString']),
    );
  });
});
