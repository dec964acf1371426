// The listener's play, search and favourite events as the pages note them (spec §7): a few bytes in
// the first load, so no page imports the tracking code. Until that code is in (`app/later-tracking`)
// events wait in a bounded queue; it then takes them and each later one; while tracking is not
// allowed (the gate) an event is dropped at once.

/** What a page notes; the tracking code adds the session, device, time and page. */
export type BehaviorEvent =
  | { kind: 'play'; bookId: number; chapterId: number; position: number; duration: number | null }
  | { kind: 'search'; query: string; resultCount: number; bookId?: number }
  | { kind: 'favorite'; bookId: number; action: 'add' | 'remove' };

/** An event as noted: when (ms) and on which page (path and query) it happened. */
export type NotedEvent = BehaviorEvent & { at: number; pageUrl: string };

/** How many events wait for the tracking code at most (the oldest go first). */
export const queuedEventsMax = 50;

let queue: NotedEvent[] = [];
let taker: ((event: NotedEvent) => void) | null = null;
let gate: () => boolean = () => true;

/** Sets what says whether events may be kept now (Do-Not-Track, GPC, the listener's switch). */
export function gateEvents(allowed: () => boolean): void {
  gate = allowed;
  if (!allowed()) queue = [];
}

/** A page notes an event: handed to the tracking code, queued until it is in, or dropped. */
export function noteEvent(event: BehaviorEvent): void {
  if (!gate()) return;
  const noted = { ...event, at: Date.now(), pageUrl: window.location.pathname + window.location.search };
  if (taker) return taker(noted);
  if (queue.length >= queuedEventsMax) queue.shift();
  queue.push(noted);
}

/** The tracking code takes the queued events, then each as it is noted; returns the stop. */
export function takeEvents(take: (event: NotedEvent) => void): () => void {
  const waiting = queue;
  queue = [];
  taker = take;
  waiting.forEach(take);
  return () => {
    if (taker === take) taker = null;
  };
}
