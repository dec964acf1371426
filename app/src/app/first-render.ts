// When the app renders first: as soon as the page's module and its translations are in, so a page
// fetched ahead never suspends — React, once it has shown a loading state, holds it 300 ms before
// it lets the page replace it — and with the page's loading state if they are slow to come.

/** The longest the first render waits for the page's module and translations (a slow network). */
export const firstRenderWait = 1000;

/**
 * Calls `render` once every one of `awaited` has settled, or after `waitMs` should one not have
 * by then; once. It returns nothing to wait for, on purpose: the entry must not wait for the
 * page's module at its top level. The entry is part of the shell chunk, which every page module
 * imports, and a module that imports a chunk still at a top-level `await` cannot run before that
 * chunk has finished: an entry waiting there for the page's module would be waiting for itself,
 * and only the time limit would end the wait (1 s on every page but home, in the shell itself).
 */
export function renderWhenReady(awaited: Promise<unknown>[], render: () => void, waitMs = firstRenderWait): void {
  let rendered = false;
  const renderOnce = () => {
    if (rendered) return;
    rendered = true;
    clearTimeout(timer);
    render();
  };
  const timer = setTimeout(renderOnce, waitMs);
  void Promise.allSettled(awaited).then(renderOnce);
}
