// Behaviour tracking in a real browser: a guest's page views are recorded after each navigation
// (the tracking code arrives a few seconds after the app, then each page is reported about
// 100 ms after it is reached); with Do-Not-Track on, or for a listener who turned tracking off
// in the settings, the page sends nothing and nothing is recorded. What was stored is read from
// `/readyz` (`records.behaviorEvents.written`, the events the record queue wrote): nothing else
// public shows raw events, and the console's analytics read the daily rollups of finished days.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openBrowser, startServer } from '../harness.mjs';

/** The app fetches its tracking code 4 s after it starts (`trackingDelayMs`); a margin for a busy machine. */
const trackingStartsWithinMs = 15_000;

/** @type {Awaited<ReturnType<typeof startServer>>} */
let server;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server?.stop();
});

/** Behaviour events the server has written so far. */
async function eventsWritten() {
  const readiness = await server.api('/readyz');
  return readiness.records.behaviorEvents.written;
}

/** Waits until the server has written at least `count` behaviour events (they are written in batches). */
async function waitForEventsWritten(count) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const written = await eventsWritten();
    if (written >= count) return written;
    if (Date.now() > deadline) throw new Error(`${written} behaviour events written, expected at least ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Collects the behaviour requests `page` sends. */
function behaviourRequests(page) {
  const seen = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/behavior/')) seen.push({ path: url.pathname, body: request.postDataJSON() });
  });
  return seen;
}

/** Opens the book list, then a book by its link (a navigation inside the app), waiting past the tracking's start. */
async function browseTwoPages(page) {
  await page.goto(`${server.baseUrl}/books`);
  await page.locator('#main-content h1').first().waitFor();
  await page.waitForTimeout(trackingStartsWithinMs / 2);
  await page.locator('#main-content a[href^="/books/"]').first().click();
  await page.waitForURL(/\/books\/\d+/);
}

test('a guest navigating gets a page view recorded for each page, in one tracking session', async () => {
  const before = await eventsWritten();
  const browser = await openBrowser({ locale: 'zh-CN' });
  try {
    const { page } = browser;
    const sent = behaviourRequests(page);
    const first = page.waitForResponse((response) => response.url().endsWith('/api/behavior/pageview'), {
      timeout: trackingStartsWithinMs,
    });
    await page.goto(`${server.baseUrl}/books`);
    await page.locator('#main-content h1').first().waitFor();
    assert.equal((await first).status(), 200);
    const second = page.waitForResponse((response) => response.url().endsWith('/api/behavior/pageview'));
    await page.locator('#main-content a[href^="/books/"]').first().click();
    await page.waitForURL(/\/books\/\d+/);
    assert.equal((await second).status(), 200);
    const views = sent.filter((request) => request.path === '/api/behavior/pageview').map((request) => request.body);
    assert.deepEqual(
      views.map((view) => view.pageUrl),
      ['/books', new URL(page.url()).pathname],
    );
    assert.equal(views[0].pageType, 'pageview');
    assert.equal(views[1].sessionId, views[0].sessionId);
    assert.match(views[0].sessionId, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    await waitForEventsWritten(before + 2);
  } finally {
    await browser.close();
  }
});

test('with Do-Not-Track on, the page sends no behaviour event and none is recorded', async () => {
  const browser = await openBrowser({ locale: 'zh-CN' });
  try {
    const { context, page } = browser;
    await context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'doNotTrack', {
        get: () => '1',
        configurable: true,
      });
    });
    const sent = behaviourRequests(page);
    const before = await eventsWritten();
    await browseTwoPages(page);
    await page.waitForTimeout(trackingStartsWithinMs / 2);
    assert.deepEqual(sent, []);
    assert.equal(await eventsWritten(), before);
  } finally {
    await browser.close();
  }
});

test('a listener who turned tracking off in the settings gets nothing recorded', async () => {
  const browser = await openBrowser({ locale: 'zh-CN' });
  try {
    const { page } = browser;
    const listener = await server.register('untracked');
    const off = await server.api('/api/auth/profile', {
      method: 'PUT',
      token: listener.tokens.accessToken,
      body: { trackingEnabled: false },
    });
    assert.equal(off.preferences.trackingEnabled, false);
    await server.signIn(page, { ...listener, user: off });
    const sent = behaviourRequests(page);
    const before = await eventsWritten();
    await browseTwoPages(page);
    await page.waitForTimeout(trackingStartsWithinMs / 2);
    assert.deepEqual(sent, []);
    assert.equal(await eventsWritten(), before);
  } finally {
    await browser.close();
  }
});
