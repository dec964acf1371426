// The bytes of a first load: every file a page fetches from this server until the network is
// idle (API data answers excluded), each gzipped at level 9, summed by kind. Shared by the
// first-load bench and the e2e budget check.
import { gzipSync } from 'node:zlib';

const kindOf = (path) =>
  path.endsWith('.js')
    ? 'js'
    : path.endsWith('.css')
      ? 'css'
      : path.endsWith('.wasm')
        ? 'wasm'
        : path.startsWith('/_i18n/')
          ? 'translations'
          : path.endsWith('.html') || !path.includes('.')
            ? 'html'
            : 'other';

/** Opens `path` in `page` with an empty cache; returns `{ rows, totals, sum }` in bytes. */
export async function measureFirstLoad(page, baseUrl, path) {
  const urls = new Set();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === baseUrl && !url.pathname.startsWith('/api/')) urls.add(url.href);
  });
  await page.goto(`${baseUrl}${path}`);
  await page.waitForLoadState('networkidle');
  const totals = {};
  const rows = [];
  for (const href of urls) {
    const response = await fetch(href, { headers: { 'accept-encoding': 'identity' } });
    const raw = Buffer.from(await response.arrayBuffer());
    const gzipped = gzipSync(raw, { level: 9 }).length;
    const { pathname } = new URL(href);
    const kind = kindOf(pathname);
    totals[kind] = (totals[kind] ?? 0) + gzipped;
    rows.push({ pathname, raw: raw.length, gzipped, kind });
  }
  rows.sort((a, b) => b.gzipped - a.gzipped);
  const sum = Object.values(totals).reduce((a, b) => a + b, 0);
  return { rows, totals, sum };
}
