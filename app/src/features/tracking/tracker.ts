// The tracking session's timing (spec §4, §9): a page view about 100 ms after each navigation, and
// each page's browsing summary (time viewed, deepest scroll, clicks) when the page is hidden, left
// for another page or unloaded (then by `sendBeacon`), only when core's 3-second rule allows; and the
// play, search and favourite events the pages note (`lib/behavior-events`), stamped when they happened.
import type { NotedEvent } from '@/lib/behavior-events';
import { browsingReportEligible } from '@/lib/core';
import type { validateBehaviorEvent } from '@/lib/core-pages';
import { deviceInfo } from './device-info';
import { beaconEvent, postEvent, type Sending, type TrackedKind } from './send-event';

/** Spec §4: how long after a navigation its page view is sent (a newer navigation before then replaces it). */
export const pageViewDelayMs = 100;

/** A navigation as the app's stub notes it before the tracking code is in: address and time (ms). */
export interface NotedNavigation {
  url: string;
  at: number;
}

type EventInput = Omit<Parameters<typeof validateBehaviorEvent>[0], 'kind' | 'lang'>;

export interface TrackerOptions {
  sessionId: string;
  /** False when nothing may be sent now (Do-Not-Track, Global Privacy Control, the listener's switch). */
  allowed: () => boolean;
  /** The fetch sends' bearer token. */
  sending: Sending;
  /** The access token for `sendBeacon` (read at once: the page is going). */
  beaconToken: () => string | null;
  now?: () => number;
}

interface Page {
  url: string;
  referrer: string | null;
  /** When this stretch of viewing began; null while hidden or once reported. */
  since: number | null;
  scrollDepth: number;
  clicks: number;
}

/** How far down the page the bottom of the window is, 0 to 1 (0 when the page has no height). */
function scrollDepthNow(): number {
  const height = document.documentElement.scrollHeight;
  if (!(height > 0)) return 0;
  return Math.min(1, (window.scrollY + window.innerHeight) / height);
}

export class Tracker {
  private page: Page | null = null;
  private pendingView: { at: number; timer: ReturnType<typeof setTimeout>; send: () => void } | null = null;
  private caughtUp = false;
  private readonly now: () => number;

  constructor(private readonly options: TrackerOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Listens to the page (hidden, shown, unloaded, scrolled, clicked); returns the stop. */
  start(): () => void {
    const onVisibility = () => (document.visibilityState === 'hidden' ? this.report('fetch') : this.resume());
    const onPageHide = () => this.report('beacon');
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) this.resume();
    };
    const onScroll = () => {
      if (this.page?.since != null) this.page.scrollDepth = Math.max(this.page.scrollDepth, scrollDepthNow());
    };
    const onClick = () => {
      if (this.page?.since != null) this.page.clicks += 1;
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    window.addEventListener('scroll', onScroll, { passive: true });
    document.addEventListener('click', onClick, { capture: true, passive: true });
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      window.removeEventListener('scroll', onScroll);
      document.removeEventListener('click', onClick, { capture: true });
    };
  }

  /** The navigations made before the tracking code was in, once (their page views and summaries). */
  catchUp(earlier: NotedNavigation[]): void {
    if (this.caughtUp) return;
    this.caughtUp = true;
    for (const { url, at } of earlier) this.navigated(url, at);
  }

  /** The app reached `url` (path and query) at `at`. */
  navigated(url: string, at = this.now()): void {
    if (this.page?.url === url) return;
    const referrer = this.page ? new URL(this.page.url, window.location.origin).href : document.referrer || null;
    if (this.page) this.report('fetch', at);
    this.page = { url, referrer, since: at, scrollDepth: 0, clicks: 0 };
    if (this.pendingView) {
      clearTimeout(this.pendingView.timer);
      const earlier = this.pendingView;
      this.pendingView = null;
      // Left within 100 ms (a redirect): that page was not really viewed.
      if (at - earlier.at >= pageViewDelayMs) earlier.send();
    }
    const send = () => {
      this.pendingView = null;
      this.send('pageview', {
        pageType: 'pageview',
        pageUrl: url,
        referrer,
        viewDuration: 0,
        scrollDepth: 0,
        clickCount: 0,
        timestamp: at,
      });
    };
    const timer = setTimeout(send, Math.max(0, at + pageViewDelayMs - this.now()));
    this.pendingView = { at, timer, send };
  }

  /** Sends a play, search or favourite event a page noted, with the time and page it was noted on. */
  record({ kind, at, ...fields }: NotedEvent): void {
    if (!this.options.allowed()) return;
    const event = { ...fields, timestamp: at, sessionId: this.options.sessionId, deviceInfo: deviceInfo() };
    void postEvent(kind, event, this.options.sending);
  }

  /** The page is seen again (shown after being hidden): a new stretch of viewing starts. */
  private resume(): void {
    if (this.page && this.page.since === null) {
      Object.assign(this.page, { since: this.now(), scrollDepth: 0, clicks: 0 });
    }
  }

  /** Sends the current page's summary (once a stretch), when core's 3-second rule allows. */
  private report(how: 'fetch' | 'beacon', at = this.now()): void {
    const page = this.page;
    if (!page || page.since === null) return;
    const viewDuration = Math.max(0, at - page.since) / 1000;
    const scrollDepth = Math.max(page.scrollDepth, scrollDepthNow());
    page.since = null;
    if (!browsingReportEligible({ viewDurationSeconds: viewDuration })) return;
    this.send(
      'browsing',
      {
        pageType: 'browsing',
        pageUrl: page.url,
        referrer: page.referrer,
        viewDuration,
        scrollDepth,
        clickCount: page.clicks,
        timestamp: at,
      },
      how,
    );
  }

  private send(kind: TrackedKind, fields: EventInput, how: 'fetch' | 'beacon' = 'fetch'): void {
    if (!this.options.allowed()) return;
    // The server checks the event by core's `validateBehaviorEvent`; a refused one is only logged
    // (send-event), so the browser does not fetch core's pages build for it.
    const event = { ...fields, sessionId: this.options.sessionId, deviceInfo: deviceInfo() };
    if (how === 'beacon') beaconEvent(kind, event, this.options.beaconToken());
    else void postEvent(kind, event, this.options.sending);
  }
}
