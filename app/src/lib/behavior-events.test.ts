// The pages' events before and after the tracking code is in: queued (at most `queuedEventsMax`, the
// oldest dropped), then handed over in order and each later one at once; dropped while not allowed.
import { gateEvents, noteEvent, queuedEventsMax, takeEvents, type NotedEvent } from './behavior-events';

const favorite = (bookId: number) => ({ kind: 'favorite', bookId, action: 'add' }) as const;

/** Takes whatever waits, and lets the next test start with no taker. */
function drain(): NotedEvent[] {
  const taken: NotedEvent[] = [];
  takeEvents((event) => taken.push(event))();
  return taken;
}

beforeEach(() => {
  gateEvents(() => true);
  drain();
  vi.useFakeTimers({ now: Date.UTC(2026, 10, 28, 12) });
  window.history.replaceState(null, '', '/books/7?tab=chapters');
});

afterEach(() => vi.useRealTimers());

describe('behaviour events', () => {
  it('waits for the tracking code, stamped with when and where each happened, then goes to it in order', () => {
    noteEvent(favorite(1));
    vi.advanceTimersByTime(1000);
    noteEvent({ kind: 'search', query: 'sea', resultCount: 3 });
    const taken: NotedEvent[] = [];
    const stop = takeEvents((event) => taken.push(event));
    expect(taken).toEqual([
      { kind: 'favorite', bookId: 1, action: 'add', at: Date.UTC(2026, 10, 28, 12), pageUrl: '/books/7?tab=chapters' },
      {
        kind: 'search',
        query: 'sea',
        resultCount: 3,
        at: Date.UTC(2026, 10, 28, 12, 0, 1),
        pageUrl: '/books/7?tab=chapters',
      },
    ]);
    noteEvent(favorite(2));
    expect(taken.map((event) => event.kind === 'favorite' && event.bookId)).toEqual([1, false, 2]);
    stop();
    noteEvent(favorite(3));
    expect(taken).toHaveLength(3);
    expect(drain()).toEqual([expect.objectContaining({ bookId: 3 })]);
  });

  it(`keeps at most ${queuedEventsMax} waiting, the oldest dropped first`, () => {
    for (let bookId = 1; bookId <= queuedEventsMax + 5; bookId += 1) noteEvent(favorite(bookId));
    const taken = drain();
    expect(taken).toHaveLength(queuedEventsMax);
    expect(taken[0]).toMatchObject({ bookId: 6 });
    expect(taken.at(-1)).toMatchObject({ bookId: queuedEventsMax + 5 });
  });

  it('drops the events while tracking is not allowed, and those waiting when it stops being allowed', () => {
    let allowed = true;
    gateEvents(() => allowed);
    noteEvent(favorite(1));
    allowed = false;
    noteEvent(favorite(2));
    const taken: NotedEvent[] = [];
    const stop = takeEvents((event) => taken.push(event));
    noteEvent(favorite(3));
    stop();
    expect(taken.map((event) => event.kind === 'favorite' && event.bookId)).toEqual([1]);

    allowed = true;
    noteEvent(favorite(4));
    gateEvents(() => false);
    expect(drain()).toEqual([]);
  });
});
