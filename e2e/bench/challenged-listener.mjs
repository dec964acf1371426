// A real listener in Chromium on an address a scraper has just spent (the budget refuses it
// once, so the difficulty is still the default): the pages and playback go on, and the only
// added delay is the first challenge's — its proof solved in the worker and one retry.
// Prints every challenge the page met and what each added; the target is at most one, under
// 300 ms. Usage: TINGSHU_BIN=<release tingshu> node bench/challenged-listener.mjs
import { openBrowser, startServer } from '../harness.mjs';

const server = await startServer({ ANTI_CRAWLER_PER_MINUTE: '30' });
try {
  const [free] = (await server.api('/api/books?access=free&pageSize=1')).items;
  const others = (await server.api('/api/books?pageSize=4')).items.map((book) => book.id);
  // The scraper: until its first refusal.
  let difficulty = 0;
  for (let i = 0; i < 200; i += 1) {
    const response = await fetch(`${server.baseUrl}/api/books?page=${(i % 3) + 1}`);
    if (response.status === 429) {
      difficulty = (await response.json()).difficulty;
      break;
    }
    await response.arrayBuffer();
  }
  const browser = await openBrowser({ locale: 'zh-CN' });
  try {
    const { page } = browser;
    /** Every API request: when it left, when its answer was in, its status, whether it carried a proof. */
    const requests = [];
    const started = new Map();
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) started.set(request, performance.now());
    });
    page.on('requestfinished', async (request) => {
      const at = started.get(request);
      if (at === undefined) return;
      const response = await request.response();
      requests.push({
        path: new URL(request.url()).pathname,
        start: at,
        end: performance.now(),
        status: response?.status() ?? 0,
        proof: Boolean(request.headers()['x-challenge-proof']),
      });
    });
    await page.goto(`${server.baseUrl}/books`);
    await page.locator('#main-content a[href^="/books/"]').first().waitFor({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    for (const id of others) {
      await page.goto(`${server.baseUrl}/books/${id}`);
      await page.locator('#main-content h1').first().waitFor();
      await page.waitForLoadState('networkidle');
    }
    await page.goto(`${server.baseUrl}/books/${free.id}`);
    await page.getByRole('button', { name: '从头播放' }).click();
    await page.waitForFunction(
      () => {
        const audio = document.querySelector('[data-testid="player-audio"]');
        return audio && !audio.paused && audio.currentTime > 0.5;
      },
      null,
      { timeout: 20_000 },
    );
    const plain = requests.filter((r) => r.status === 200 && !r.proof).map((r) => r.end - r.start);
    plain.sort((a, b) => a - b);
    const typical = plain[Math.floor(plain.length / 2)] ?? 0;
    const challenges = requests
      .filter((r) => r.status === 429)
      .map((refused) => {
        // Its retry: the next request of the same path (with the proof, or with the pass the
        // proof of a request challenged at the same moment earned).
        const retry = requests.find((r) => r.path === refused.path && r.start >= refused.end - 1 && r !== refused);
        return { refused, retry, until: retry ? retry.end : Infinity };
      });
    console.log(`difficulty asked: ${difficulty} bits; API requests: ${requests.length}, typical ${typical.toFixed(1)} ms`);
    // Challenges met at the same moment wait for one proof: one added delay.
    const delays = [];
    for (const { refused, retry, until } of challenges.sort((a, b) => a.refused.start - b.refused.start)) {
      const last = delays.at(-1);
      if (last && refused.start <= last.until) {
        last.until = Math.max(last.until, until);
        last.paths.push(refused.path);
      } else {
        delays.push({ start: refused.start, until, paths: [refused.path] });
      }
      console.log(`challenge on ${refused.path}: ${retry ? `answered ${retry.proof ? 'with a proof' : 'with the pass'}` : 'never answered'}`);
    }
    for (const delay of delays) {
      console.log(`added delay: ${(delay.until - delay.start - typical).toFixed(0)} ms (${delay.paths.join(', ')})`);
    }
    console.log(`added delays: ${delays.length} (target: at most 1, under 300 ms); playback started: yes`);
  } finally {
    await browser.close();
  }
} finally {
  await server.stop();
}
