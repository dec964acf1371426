// The entry runs to its end before it waits for the page's module — in the build, that module
// imports the entry's own chunk and cannot arrive before the entry has run — then renders as soon
// as the module and the translations are in: no timer ends the wait.
const startup = vi.hoisted(() => {
  let arrive = () => {};
  const pageModule = new Promise<void>((resolve) => (arrive = resolve));
  return { pageModule, arrive: () => arrive(), render: vi.fn(), registerServiceWorker: vi.fn() };
});

vi.mock('react-dom/client', () => ({ createRoot: () => ({ render: startup.render }) }));
vi.mock('@/app/app', () => ({ App: () => null }));
vi.mock('@/app/preload-page', () => ({ preloadPage: () => startup.pageModule }));
vi.mock('@/lib/i18n', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/i18n')>()),
  createHttpI18n: () => ({}),
  translationsReady: () => Promise.resolve(),
}));
vi.mock('@/sw/register', () => ({ registerServiceWorker: startup.registerServiceWorker }));

describe('the entry', () => {
  it('runs to its end before it waits for the page, and renders as soon as the page is in', async () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<div id="root"></div>';
    const start = Date.now();
    // An entry that waited for the page's module at its top level would never finish here (its
    // time limit never comes on a clock that does not move), and the test would time out.
    await import('./main');
    expect(startup.render).not.toHaveBeenCalled();
    startup.arrive();
    await vi.advanceTimersByTimeAsync(0);
    expect(startup.render).toHaveBeenCalledOnce();
    expect(startup.registerServiceWorker).toHaveBeenCalledOnce();
    expect(Date.now()).toBe(start);
  });
});
