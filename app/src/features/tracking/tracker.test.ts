// The tracking session's timing rules: a page view about 100 ms after each navigation, the browsing
// summary when the page is hidden, left or unloaded (sendBeacon) and only from 3 s of viewing; the
// pages' play, search and favourite events with the session's fields.
import { mockAnyFetch, json, type Call } from '@/testing/fetch';
import { pageViewDelayMs, Tracker, type TrackerOptions } from './tracker';

const sessionId = '0b7e1f52-7c4e-4d0c-9a55-2f1f6c1e8a01';

function tracker(options: Partial<TrackerOptions> = {}) {
  const made = new Tracker({
    sessionId,
    allowed: () => true,
    sending: { token: async () => null },
    beaconToken: () => null,
    ...options,
  });
  stops.push(made.start());
  return made;
}

const stops: (() => void)[] = [];
let beacon: ReturnType<typeof vi.fn<(url: string | URL, data?: BodyInit | null) => boolean>>;
let calls: Call[];

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

const sent = (kind: string) => calls.filter((call) => call.url.endsWith(`/api/behavior/${kind}`));

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 10, 28, 12) });
  const ok = json(200, { success: true, data: null });
  ({ calls } = mockAnyFetch({
    'POST /api/behavior/pageview': ok,
    'POST /api/behavior/browsing': ok,
    'POST /api/behavior/play': ok,
    'POST /api/behavior/search': ok,
    'POST /api/behavior/favorite': ok,
  }));
  beacon = vi.fn(() => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
});

afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  Reflect.deleteProperty(document, 'visibilityState');
});

describe('page views', () => {
  it('sends one about 100 ms after a navigation, with the fields of spec §7', async () => {
    const start = Date.now();
    tracker().navigated('/books?page=2');
    await vi.advanceTimersByTimeAsync(pageViewDelayMs - 1);
    expect(sent('pageview')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent('pageview')).toHaveLength(1);
    expect(sent('pageview')[0].body).toMatchObject({
      pageType: 'pageview',
      pageUrl: '/books?page=2',
      referrer: null,
      viewDuration: 0,
      scrollDepth: 0,
      clickCount: 0,
      sessionId,
      timestamp: start,
      deviceInfo: expect.objectContaining({ userAgent: navigator.userAgent, language: navigator.language }),
    });
  });

  it('sends a page view for each navigation, the previous page as referrer, none for a page left within 100 ms', async () => {
    const tracking = tracker();
    tracking.navigated('/');
    await vi.advanceTimersByTimeAsync(500);
    tracking.navigated('/profile');
    await vi.advanceTimersByTimeAsync(20);
    // A redirect: /profile was never really viewed.
    tracking.navigated('/auth/login');
    await vi.advanceTimersByTimeAsync(pageViewDelayMs);
    expect(sent('pageview').map((call) => call.body)).toEqual([
      expect.objectContaining({ pageUrl: '/' }),
      expect.objectContaining({ pageUrl: '/auth/login', referrer: `${window.location.origin}/profile` }),
    ]);
  });

  it('catches up with the navigations made before the tracking code came, each stamped when it happened', async () => {
    const first = Date.now() - 4000;
    tracker().catchUp([
      { url: '/', at: first },
      { url: '/books', at: first + 2000 },
    ]);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent('pageview').map((call) => call.body)).toEqual([
      expect.objectContaining({ pageUrl: '/', timestamp: first }),
      expect.objectContaining({ pageUrl: '/books', timestamp: first + 2000 }),
    ]);
  });
});

describe('the browsing summary', () => {
  it('is sent when the page is hidden after 3 s of viewing, with the time, the deepest scroll and the clicks', async () => {
    Object.defineProperty(document.documentElement, 'scrollHeight', { value: 2000, configurable: true });
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(500);
    tracker().navigated('/books/7');
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(500);
    window.dispatchEvent(new Event('scroll'));
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(0);
    document.body.click();
    document.body.click();
    await vi.advanceTimersByTimeAsync(3000);
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent('browsing')).toHaveLength(1);
    expect(sent('browsing')[0].body).toMatchObject({
      pageUrl: '/books/7',
      viewDuration: 3,
      scrollDepth: 0.5,
      clickCount: 2,
      sessionId,
    });
    expect(beacon).not.toHaveBeenCalled();
    Reflect.deleteProperty(document.documentElement, 'scrollHeight');
  });

  it('is not sent for a view under 3 s (core browsingReportEligible)', async () => {
    tracker().navigated('/books/7');
    await vi.advanceTimersByTimeAsync(2999);
    setVisibility('hidden');
    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent('browsing')).toHaveLength(0);
    expect(beacon).not.toHaveBeenCalled();
  });

  it('is sent when the listener moves to another page, counting only the time seen again after being hidden', async () => {
    const tracking = tracker();
    tracking.navigated('/books/7');
    await vi.advanceTimersByTimeAsync(5000);
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(60_000);
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(4000);
    tracking.navigated('/books/8');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent('browsing').map((call) => call.body)).toEqual([
      expect.objectContaining({ pageUrl: '/books/7', viewDuration: 5 }),
      expect.objectContaining({ pageUrl: '/books/7', viewDuration: 4 }),
    ]);
  });

  it('goes with sendBeacon when the page unloads, a signed-in token in ?token=', async () => {
    tracker({ beaconToken: () => 'access-1' }).navigated('/books/7');
    await vi.advanceTimersByTimeAsync(3500);
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledOnce();
    expect(beacon.mock.calls[0][0]).toBe('/api/behavior/browsing?token=access-1');
    const body = JSON.parse(await (beacon.mock.calls[0][1] as Blob).text());
    expect(body).toMatchObject({ pageUrl: '/books/7', viewDuration: 3.5, sessionId });
    expect(sent('browsing')).toHaveLength(0);
  });
});

describe('play, search and favourite events', () => {
  const at = Date.UTC(2026, 10, 28, 11, 59);
  const session = {
    sessionId,
    timestamp: at,
    deviceInfo: expect.objectContaining({ userAgent: navigator.userAgent, language: navigator.language }),
  };

  it('sends each to its endpoint at once, with the session, the device, when and where it happened', async () => {
    const tracking = tracker();
    tracking.record({
      kind: 'play',
      bookId: 7,
      chapterId: 70,
      position: 12.5,
      duration: 1800,
      at,
      pageUrl: '/books/7',
    });
    tracking.record({ kind: 'search', query: '三体', resultCount: 4, at, pageUrl: '/search?q=三体' });
    tracking.record({ kind: 'search', query: '三体', resultCount: 4, bookId: 9, at, pageUrl: '/search?q=三体' });
    tracking.record({ kind: 'favorite', bookId: 7, action: 'remove', at, pageUrl: '/favorites' });
    await vi.advanceTimersByTimeAsync(0);
    expect(sent('play').map((call) => call.body)).toEqual([
      { ...session, bookId: 7, chapterId: 70, position: 12.5, duration: 1800, pageUrl: '/books/7' },
    ]);
    expect(sent('search').map((call) => call.body)).toEqual([
      { ...session, query: '三体', resultCount: 4, pageUrl: '/search?q=三体' },
      { ...session, query: '三体', resultCount: 4, bookId: 9, pageUrl: '/search?q=三体' },
    ]);
    expect(sent('favorite').map((call) => call.body)).toEqual([
      { ...session, bookId: 7, action: 'remove', pageUrl: '/favorites' },
    ]);
  });

  it('sends none while tracking is not allowed', async () => {
    tracker({ allowed: () => false }).record({ kind: 'favorite', bookId: 7, action: 'add', at, pageUrl: '/books/7' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(0);
  });
});

describe('respect', () => {
  it('sends nothing at all while tracking is not allowed', async () => {
    let allowed = false;
    const tracking = tracker({ allowed: () => allowed });
    tracking.navigated('/books/7');
    await vi.advanceTimersByTimeAsync(4000);
    setVisibility('hidden');
    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(0);
    expect(beacon).not.toHaveBeenCalled();
    allowed = true;
    tracking.navigated('/books');
    await vi.advanceTimersByTimeAsync(pageViewDelayMs);
    expect(sent('pageview')).toHaveLength(1);
  });
});
