// Listening journeys on the demo catalogue: a guest finds a novel in Chinese and hears it,
// the player survives navigation, a listener resumes on another device, a VIP chapter asks
// a free listener to upgrade. Also prints the time from pressing play to the first frame.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openBrowser, startServer } from '../harness.mjs';

let server;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server?.stop();
});

const password = 'listen-Well-2026';

/** The persistent player's audio element's current time, in seconds. */
const currentTime = (page) => page.locator('[data-testid="player-audio"]').evaluate((audio) => audio.currentTime);

/** The JSON API of this journey's server. */
const api = (path, options) => server.api(path, options);

test('a guest searches in Chinese, plays a free chapter, and it keeps playing across pages', async () => {
  const browser = await openBrowser({ locale: 'zh-CN' });
  try {
    const { page } = browser;
    await page.goto(`${server.baseUrl}/search`);
    await page.getByRole('searchbox', { name: '关键词' }).or(page.getByLabel('关键词')).first().fill('灯塔');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await page.getByRole('link', { name: /云端灯塔/ }).first().click();
    await page.waitForURL(/\/books\/\d+$/);
    // Measured inside the page: from the click to the audio element's `playing` event.
    await page.evaluate(() => {
      window.__playPressedAt = null;
      document.addEventListener('click', () => (window.__playPressedAt ??= performance.now()), { capture: true, once: true });
    });
    await page.getByRole('button', { name: '从头播放' }).click();
    const firstFrameMs = await page.locator('[data-testid="player-audio"]').evaluate(
      (audio) =>
        new Promise((resolve) => {
          const done = () => resolve(performance.now() - window.__playPressedAt);
          if (!audio.paused && audio.readyState >= 3) done();
          else audio.addEventListener('playing', done, { once: true });
        }),
    );
    console.log(`time from pressing play to the first audio frame: ${Math.round(firstFrameMs)} ms`);
    const first = await currentTime(page);
    await page.waitForTimeout(1200);
    assert.ok((await currentTime(page)) > first, 'the audio is playing');

    await page.getByRole('link', { name: '帮助' }).first().click();
    await page.waitForURL((url) => url.pathname === '/help');
    const afterNavigation = await currentTime(page);
    await page.waitForTimeout(1200);
    assert.ok((await currentTime(page)) > afterNavigation, 'still playing after leaving the book page');
    assert.equal(await page.locator('[data-testid="player-audio"]').evaluate((a) => a.paused), false);
  } finally {
    await browser.close();
  }
});

test("a listener's position survives a reload and a second browser", async () => {
  const signedUp = await api('/api/auth/register', {
    method: 'POST',
    body: { email: 'resume@example.com', username: 'resumer', password },
  });
  const books = await api('/api/books?access=free&sort=newest');
  const book = books.items[0];
  const chapters = await api(`/api/books/${book.id}/chapters`);
  const chapter = chapters.items[0];
  // Another device saved 7.5 s into the first chapter a moment ago.
  await api(`/api/me/progress/${chapter.id}`, {
    method: 'PUT',
    token: signedUp.tokens.accessToken,
    body: { positionSecs: 7.5, durationSecs: chapter.durationSecs, updatedAt: Date.now() },
  });
  for (const round of ['first browser', 'second browser']) {
    const browser = await openBrowser({ locale: 'zh-CN' });
    try {
      const { page } = browser;
      await page.goto(`${server.baseUrl}/help`);
      const login = await api('/api/auth/login', { method: 'POST', body: { email: 'resume@example.com', password } });
      await page.evaluate((value) => localStorage.setItem('auth', JSON.stringify({ ...value, isAuthenticated: true })), login);
      await page.goto(`${server.baseUrl}/books/${book.id}`);
      await page.getByRole('button', { name: '继续收听' }).first().click();
      await page.locator('[data-testid="player-audio"]').evaluate(
        (audio) => new Promise((resolve) => (audio.currentTime >= 7 ? resolve() : audio.addEventListener('seeked', resolve, { once: true }))),
      );
      assert.ok((await currentTime(page)) >= 7, `${round}: resumed at the saved second`);
      if (round === 'first browser') {
        await page.waitForTimeout(1500);
        await page.getByTestId('player-play').click(); // pause: saves the position
        await page.waitForTimeout(300);
        await page.reload();
        await page.getByRole('button', { name: '继续收听' }).first().waitFor();
      }
    } finally {
      await browser.close();
    }
  }
  const saved = await api(`/api/me/progress?bookId=${book.id}`, { token: signedUp.tokens.accessToken });
  assert.ok(saved.items[0].positionSecs >= 7.5, 'never rewound to zero');
});

test('a VIP chapter asks a free listener to become a member', async () => {
  const browser = await openBrowser({ locale: 'zh-CN' });
  try {
    const { page } = browser;
    const signedUp = await api('/api/auth/register', {
      method: 'POST',
      body: { email: 'free@example.com', username: 'freelistener', password },
    });
    await page.goto(`${server.baseUrl}/help`);
    await page.evaluate((value) => localStorage.setItem('auth', JSON.stringify({ ...value, isAuthenticated: true })), signedUp);
    const books = await api('/api/books?access=vip&sort=newest');
    const now = Date.now();
    const book = books.items.find((b) => !b.freeUntil || b.freeUntil < now);
    const chapters = await api(`/api/books/${book.id}/chapters`, { token: signedUp.tokens.accessToken });
    const locked = chapters.items.find((c) => !c.access.allowed);
    assert.ok(locked, 'the VIP book has a locked chapter');
    await page.goto(`${server.baseUrl}/books/${book.id}/chapters/${locked.id}`);
    const notice = page.getByText('本章为会员专享，开通会员即可收听').first();
    await notice.waitFor();
    const upgrade = page.getByRole('link', { name: '开通会员' }).first();
    // The upgrade page, told why and where to come back to.
    const href = new URL(await upgrade.getAttribute('href'), server.baseUrl);
    assert.equal(href.pathname, '/premium');
    assert.equal(href.searchParams.get('reason'), 'premium_required');
    assert.equal(href.searchParams.get('redirect'), `/books/${book.id}/chapters/${locked.id}`);
  } finally {
    await browser.close();
  }
});
