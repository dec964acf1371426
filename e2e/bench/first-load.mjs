// First load of the home page in a real browser: every file the page fetches until the
// network is idle (empty cache), each gzipped at level 9, summed by kind.
// Usage (from e2e/): TINGSHU_BIN=… node bench/first-load.mjs [lang]
import { openBrowser, startServer } from '../harness.mjs';
import { measureFirstLoad } from './first-load-size.mjs';

const lang = process.argv[2] ?? 'en';
const locale = { zh: 'zh-CN', en: 'en-US', ja: 'ja-JP' }[lang];
const server = await startServer();
const browser = await openBrowser({ locale });
let measured;
try {
  measured = await measureFirstLoad(browser.page, server.baseUrl, `/${lang === 'zh' ? '' : lang}`);
} finally {
  await browser.close();
  await server.stop();
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
for (const row of measured.rows) {
  console.log(`${kb(row.gzipped).padStart(7)} KB gz  ${kb(row.raw).padStart(7)} KB raw  ${row.pathname}`);
}
console.log(Object.entries(measured.totals).map(([kind, bytes]) => `${kind} ${kb(bytes)} KB`).join(', '));
console.log(`first load (${lang}): ${measured.rows.length} files, ${kb(measured.sum)} KB gzip`);
