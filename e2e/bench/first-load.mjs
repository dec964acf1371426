// First load of the home page in a real browser: every file the page fetches until the
// network is idle (English visitor, empty cache), each gzipped at level 9, summed by kind.
// Usage (from e2e/): TINGSHU_BIN=… node bench/first-load.mjs [lang]
import { gzipSync } from 'node:zlib';
import { openBrowser, startServer } from '../harness.mjs';

const lang = process.argv[2] ?? 'en';
const locale = { zh: 'zh-CN', en: 'en-US', ja: 'ja-JP' }[lang];
const server = await startServer();
const browser = await openBrowser({ locale });
const urls = new Set();
try {
  const { page } = browser;
  page.on('request', (request) => {
    const url = new URL(request.url());
    // Only this server's files; API answers are data, not the app.
    if (url.origin === server.baseUrl && !url.pathname.startsWith('/api/')) urls.add(url.href);
  });
  await page.goto(`${server.baseUrl}/${lang === 'zh' ? '' : lang}`);
  await page.waitForLoadState('networkidle');
} finally {
  await browser.close();
}

const kindOf = (path) =>
  path.endsWith('.js') ? 'js' : path.endsWith('.css') ? 'css' : path.endsWith('.wasm') ? 'wasm'
  : path.startsWith('/_i18n/') ? 'translations' : path.endsWith('.html') || !path.includes('.') ? 'html' : 'other';
const totals = {};
const rows = [];
for (const href of urls) {
  const response = await fetch(href, { headers: { 'accept-encoding': 'identity' } });
  const raw = Buffer.from(await response.arrayBuffer());
  const gzipped = gzipSync(raw, { level: 9 }).length;
  const { pathname } = new URL(href);
  const kind = kindOf(pathname);
  totals[kind] = (totals[kind] ?? 0) + gzipped;
  rows.push({ pathname, raw: raw.length, gzipped });
}
await server.stop();

rows.sort((a, b) => b.gzipped - a.gzipped);
for (const row of rows) console.log(`${(row.gzipped / 1024).toFixed(1).padStart(7)} KB gz  ${(row.raw / 1024).toFixed(1).padStart(7)} KB raw  ${row.pathname}`);
const sum = Object.values(totals).reduce((a, b) => a + b, 0);
console.log(Object.entries(totals).map(([kind, bytes]) => `${kind} ${(bytes / 1024).toFixed(1)} KB`).join(', '));
console.log(`first load (${lang}): ${rows.length} files, ${(sum / 1024).toFixed(1)} KB gzip`);
