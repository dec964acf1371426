// Membership and payments in a real browser: a free listener meets a VIP chapter, lands on
// the upgrade page with its reason, pays through the sandbox's hosted checkout, returns to
// the chapter and hears it; a declined payment lands on the failed page and grants nothing;
// a premium member downloads a chapter, goes offline and still hears it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openBrowser, startServer, waitForServiceWorker } from '../harness.mjs';

let server;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server?.stop();
});

/** The JSON API of this journey's server. */
const api = (path, options) => server.api(path, options);

/** A new listener's account: `{ user, tokens, sessionId }`. */
const register = (name) => server.register(name);

const signIn = (page, signedUp) => server.signIn(page, signedUp);

/** A new free listener, signed in in `page`. */
const signedInListener = (page, name) => server.signedInListener(page, name);

/** A VIP book open to members only (no running campaign) and one of its locked chapters. */
async function lockedVipChapter(token) {
  const books = await api('/api/books?access=vip&sort=newest');
  const now = Date.now();
  const book = books.items.find((b) => !b.freeUntil || b.freeUntil < now);
  const chapters = await api(`/api/books/${book.id}/chapters`, { token });
  const chapter = chapters.items.find((c) => !c.access.allowed);
  assert.ok(chapter, 'the VIP book has a locked chapter');
  return { book, chapter };
}

const currentTime = (page) => page.locator('[data-testid="player-audio"]').evaluate((audio) => audio.currentTime);

/** Presses play and waits until the persistent player's audio is advancing. */
async function hearsIt(page, playButton) {
  await playButton.click();
  await page.locator('[data-testid="player-audio"]').evaluate(
    (audio) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the audio never played')), 15_000);
        const done = () => {
          clearTimeout(timer);
          resolve();
        };
        if (!audio.paused && audio.currentTime > 0) done();
        else audio.addEventListener('timeupdate', () => audio.currentTime > 0 && done());
      }),
  );
  const first = await currentTime(page);
  await page.waitForTimeout(800);
  assert.ok((await currentTime(page)) > first, 'the audio advances');
}

test('a free listener upgrades from a VIP chapter through the sandbox checkout and hears it', async () => {
  const browser = await openBrowser({ locale: 'zh-CN' });
  try {
    const { page } = browser;
    const me = await signedInListener(page, 'upgrader');
    const { book, chapter } = await lockedVipChapter(me.tokens.accessToken);
    const chapterPath = `/books/${book.id}/chapters/${chapter.id}`;
    await page.goto(`${server.baseUrl}${chapterPath}`);
    await page.getByText('本章为会员专享，开通会员即可收听').first().waitFor();
    await page.getByRole('link', { name: '开通会员' }).first().click();

    // The upgrade page says why the listener is here and offers the plans in yuan.
    await page.waitForURL((url) => url.pathname === '/premium');
    const url = new URL(page.url());
    assert.equal(url.searchParams.get('reason'), 'premium_required');
    assert.equal(url.searchParams.get('redirect'), chapterPath);
    await page.getByTestId('premium-reason').waitFor();
    assert.match(await page.getByTestId('plan-price-monthly').innerText(), /¥18\.00/);

    // The sandbox's hosted checkout, clearly a test payment, approved.
    await page.getByTestId('buy-plan-monthly').click();
    await page.waitForURL((next) => next.pathname.startsWith('/api/payments/sandbox/checkout/'));
    await page.getByText('测试支付').first().waitFor();
    assert.match(await page.getByTestId('sandbox-amount').innerText(), /¥18\.00/);
    await page.getByRole('button', { name: '批准付款' }).click();

    // The success page waits for the webhook, then returns to the chapter, which now plays.
    await page.waitForURL((next) => next.pathname === '/payment/success');
    await page.locator('[data-testid="payment-status"][data-state="paid"]').waitFor({ timeout: 15_000 });
    await page.waitForURL((next) => next.pathname === chapterPath, { timeout: 15_000 });
    const account = await api('/api/auth/me', { token: me.tokens.accessToken });
    assert.equal(account.subscriptionType, 'premium');
    await hearsIt(page, page.getByRole('button', { name: /^(播放本章|从头播放|继续播放)/ }).first());
  } finally {
    await browser.close();
  }
});

test('a declined payment lands on the failed page and grants nothing', async () => {
  const browser = await openBrowser({ locale: 'zh-CN' });
  try {
    const { page } = browser;
    const me = await signedInListener(page, 'decliner');
    await page.goto(`${server.baseUrl}/subscription`);
    await page.getByTestId('buy-plan-quarterly').click();
    await page.waitForURL((next) => next.pathname.startsWith('/api/payments/sandbox/checkout/'));
    await page.getByRole('button', { name: '拒绝付款' }).click();
    await page.waitForURL((next) => next.pathname === '/payment/failed');
    await page.getByTestId('payment-failed').waitFor();
    const orderId = Number(new URL(page.url()).searchParams.get('order'));
    let order;
    for (let i = 0; i < 50; i += 1) {
      order = await api(`/api/orders/${orderId}`, { token: me.tokens.accessToken });
      if (order.state !== 'pending') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.equal(order.state, 'failed');
    const account = await api('/api/auth/me', { token: me.tokens.accessToken });
    assert.equal(account.subscriptionType, 'free');
    const { book, chapter } = await lockedVipChapter(me.tokens.accessToken);
    const audio = await fetch(`${server.baseUrl}/api/chapters/${chapter.id}/audio`, {
      headers: { Authorization: `Bearer ${me.tokens.accessToken}` },
    });
    assert.equal(audio.status, 403, `chapter ${chapter.id} of book ${book.id} stays closed`);
  } finally {
    await browser.close();
  }
});

/** A new listener made a member through the sandbox (order, approval, webhook), signed in in `page`. */
async function signedInMember(page, name) {
  const signedUp = await register(name);
  const token = signedUp.tokens.accessToken;
  const order = await api('/api/orders', {
    method: 'POST',
    token,
    body: { kind: 'plan', planCode: 'monthly', currency: 'CNY' },
  });
  const approved = await fetch(`${server.baseUrl}${order.checkoutUrl}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'action=approve',
    redirect: 'manual',
  });
  assert.equal(approved.status, 303);
  let state = order.state;
  for (let i = 0; i < 50 && state === 'pending'; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    ({ state } = await api(`/api/orders/${order.id}`, { token }));
  }
  assert.equal(state, 'paid');
  const user = await api('/api/auth/me', { token });
  assert.equal(user.subscriptionType, 'premium');
  return signIn(page, { ...signedUp, user });
}

test('a member downloads a book, goes offline, and a kept chapter still plays', async () => {
  const browser = await openBrowser({ locale: 'zh-CN' });
  try {
    const { page, context } = browser;
    const me = await signedInMember(page, 'traveller');
    const [book] = (await api('/api/books?access=vip&sort=newest')).items;
    const chapters = await api(`/api/books/${book.id}/chapters`, { token: me.tokens.accessToken });
    const first = chapters.items[0];

    // The book page, once the service worker controls it, downloads the whole book.
    await page.goto(`${server.baseUrl}/books/${book.id}`);
    await waitForServiceWorker(page);
    await page.getByTestId('book-download').getByRole('button', { name: '下载全书' }).click();
    await page.getByTestId('book-download').getByRole('status').waitFor({ timeout: 30_000 });

    // The downloads page lists every chapter of the book with its size.
    await page.getByTestId('book-download').getByRole('link').click();
    await page.waitForURL((url) => url.pathname === '/downloads');
    for (const chapter of chapters.items) await page.getByTestId(`download-chapter-${chapter.id}`).waitFor();

    // Once something is downloaded the service worker keeps every file of the build.
    await page.waitForFunction(
      async () => {
        const buildFiles = new Set((await (await fetch('/sw.js')).text()).match(/\/assets\/[\w.-]+/g));
        const name = (await caches.keys()).find((key) => key.startsWith('tingshu-assets-'));
        const kept = name ? await (await caches.open(name)).keys() : [];
        return buildFiles.size > 0 && [...buildFiles].every((file) => kept.some((r) => r.url.endsWith(file)));
      },
      null,
      { timeout: 15_000, polling: 250 },
    );

    // Offline: the page reloads from the service worker and the first chapter plays from the downloads.
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId(`play-offline-${first.id}`).waitFor({ timeout: 15_000 });
    assert.equal(await page.evaluate(() => navigator.onLine), false);
    await hearsIt(page, page.getByTestId(`play-offline-${first.id}`));

    // The offline page opens from the kept app too, lists the same chapters, and leads home once
    // the connection is back.
    await page.goto(`${server.baseUrl}/offline`);
    await page.getByRole('heading', { level: 1, name: '网络不可用' }).waitFor({ timeout: 15_000 });
    await page.getByTestId(`play-offline-${first.id}`).waitFor();
    await context.setOffline(false);
    await page.getByRole('heading', { level: 1, name: '网络已恢复' }).waitFor();
    await page.getByRole('button', { name: '返回首页' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  } finally {
    await browser.context.setOffline(false);
    await browser.close();
  }
});
