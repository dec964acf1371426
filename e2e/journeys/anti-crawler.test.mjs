// Anti-crawler protection with a real browser beside a scraper on the same address: a scripted
// client hammering `/api/books` is refused with 429 and a challenge it does not answer, while
// the page in Chromium, refused the same way, solves the proof of work in its worker, retries
// once with it and goes on showing books; its pass is its own, so the scraper stays refused.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openBrowser, startServer } from '../harness.mjs';

/** @type {Awaited<ReturnType<typeof startServer>>} */
let server;

before(async () => {
  // A small budget, so the scraper spends it in a moment.
  server = await startServer({ ANTI_CRAWLER_PER_MINUTE: '30' });
});
after(async () => {
  await server?.stop();
});

/** GETs `/api/books` until refused (at most 200 times); the refusal's headers and body, and the pages got before it. */
async function hammerUntilRefused() {
  for (let i = 0; i < 200; i += 1) {
    const response = await fetch(`${server.baseUrl}/api/books?page=${(i % 3) + 1}`);
    if (response.status === 429) return { answered: i, headers: response.headers, body: await response.json() };
    assert.equal(response.status, 200);
    await response.arrayBuffer();
  }
  throw new Error('200 requests and never refused');
}

test('a scraper is refused with a challenge while the page in Chromium solves it and keeps working', async () => {
  const refused = await hammerUntilRefused();
  assert.equal(refused.body.code, 'challenge_required');
  assert.match(refused.body.challengeCode, /^[0-9a-f]{32}$/);
  assert.equal(refused.body.data.challengeCode, refused.body.challengeCode);
  assert.equal(refused.headers.get('x-challenge-code'), refused.body.challengeCode);
  assert.ok(Number(refused.headers.get('x-challenge-difficulty')) >= 13);

  const browser = await openBrowser({ locale: 'zh-CN' });
  try {
    const { page } = browser;
    const statuses = [];
    const proofs = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/api/books')) statuses.push(response.status());
    });
    page.on('request', (request) => {
      const proof = request.headers()['x-challenge-proof'];
      if (proof) proofs.push(proof);
    });
    // Over budget, the page comes without its first data: the app asks the API, is refused,
    // solves and retries.
    await page.goto(`${server.baseUrl}/books`);
    await page.locator('#main-content a[href^="/books/"]').first().waitFor({ timeout: 20_000 });
    assert.ok(statuses.includes(429), `the page was refused first: ${statuses}`);
    assert.ok(statuses.includes(200), `then answered: ${statuses}`);
    assert.ok(proofs.length >= 1, 'it retried with a proof');
    assert.ok(proofs.every((proof) => /^[0-9a-f]{32}:\d+:[0-9a-f]{64}$/.test(proof)), proofs.join(' '));
    const stored = await page.evaluate(() => localStorage.getItem('ac-challenge-code'));
    assert.match(stored ?? '', /^[0-9a-f]{32}$/, 'the code is kept as the spec names it');

    // A navigation inside the app goes on with the pass.
    await page.locator('#main-content a[href^="/books/"]').first().click();
    await page.waitForURL(/\/books\/\d+/);
    await page.locator('#main-content h1').first().waitFor();
    const errorScreen = await page.locator('.error-screen').count();
    assert.equal(errorScreen, 0);

    // The scraper gained nothing from the page's proof: only what its budget refilled meanwhile
    // (one request every 2 s at 30 a minute), far from the pass's 600 a minute.
    const again = await hammerUntilRefused();
    assert.ok(again.answered <= 15, `${again.answered} pages before the scraper was refused again`);
  } finally {
    await browser.close();
  }
});
