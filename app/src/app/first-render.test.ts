// The first render: at once when the page's module and translations are already in, as soon as
// the last of them comes, at the time limit when one does not come, and only once.
import { firstRenderWait, renderWhenReady } from './first-render';

const pending = () => {
  let arrive: () => void = () => {};
  const promise = new Promise<void>((resolve) => (arrive = resolve));
  return { promise, arrive };
};

/** Lets every promise callback already due run, without moving the clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('renderWhenReady', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('renders without waiting for any timer when the module and translations are already in', async () => {
    const render = vi.fn();
    renderWhenReady([Promise.resolve(), Promise.resolve()], render);
    await settle();
    expect(render).toHaveBeenCalledOnce();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('renders as soon as the last of them comes in', async () => {
    const render = vi.fn();
    const pageModule = pending();
    renderWhenReady([pageModule.promise, Promise.resolve()], render);
    await vi.advanceTimersByTimeAsync(120);
    expect(render).not.toHaveBeenCalled();
    pageModule.arrive();
    await settle();
    expect(render).toHaveBeenCalledOnce();
  });

  it('renders with whatever is in at the time limit when one does not come, and only once', async () => {
    const render = vi.fn();
    const pageModule = pending();
    renderWhenReady([pageModule.promise], render);
    await vi.advanceTimersByTimeAsync(firstRenderWait - 1);
    expect(render).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(render).toHaveBeenCalledOnce();
    pageModule.arrive();
    await settle();
    expect(render).toHaveBeenCalledOnce();
  });

  it('renders at once when one of them fails: the page shows the failure itself', async () => {
    const render = vi.fn();
    renderWhenReady([Promise.reject(new Error('offline')), Promise.resolve()], render);
    await settle();
    expect(render).toHaveBeenCalledOnce();
  });
});
