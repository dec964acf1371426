// When each listener page first paints, against when its last file arrived: on loopback, without
// throttling, with an empty cache, every page family in zh and en. A page's files are the document,
// the build's scripts, styles and wasm (`/assets/`) and its translations (`/_i18n/`); its data and
// covers come after its first render, so they are left out. Target (issue 25): first contentful
// paint within 150 ms of the last file on every page — the app renders as soon as it has what it
// needs, no timer in between.
// Usage (from e2e/; the app built into app/dist, or STATIC_DIR=…):
//   TINGSHU_BIN=… node bench/first-paint.mjs [--runs 3] [--langs zh,en]
import { parseArgs } from 'node:util';
import { openBrowser, startServer } from '../harness.mjs';
import { demoBook, listenerPages } from './listener-pages.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    langs: { type: 'string', default: 'zh,en' },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs takes a whole number of runs, not ${values.runs}`);
const locales = { zh: 'zh-CN', en: 'en-US', ja: 'ja-JP' };
const langs = values.langs.split(',');
for (const lang of langs) if (!locales[lang]) throw new Error(`unknown language ${lang}: zh, en or ja`);

/** Target of the issue: first contentful paint at most this long after the page's last file. */
const targetMs = 150;
/** Bounds of one load: its navigation, then the network going quiet (covers below the fold never do). */
const loadTimeoutMs = 30_000;
const quietTimeoutMs = 10_000;

/** The middle value (the mean of the two middle values for an even count). */
function median(numbers) {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Counts `page`'s requests in flight; `quiet()` resolves once none has been for `quietMs` (the
 * largest paint may be a cover asked for after the first render), or after `quietTimeoutMs`.
 */
function watchNetwork(page, quietMs = 500) {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (by) => {
    inFlight += by;
    lastChange = Date.now();
  };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  return {
    async quiet() {
      const deadline = Date.now() + quietTimeoutMs;
      while (Date.now() < deadline && (inFlight > 0 || Date.now() - lastChange < quietMs)) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

/** Read in the page once it has loaded: its paints and the timings of its files, in ms from navigation start. */
function readTimings() {
  return new Promise((resolve) => {
    const largest = [];
    const observer = new PerformanceObserver((list) => largest.push(...list.getEntries()));
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
    // Buffered entries are delivered in a task of their own.
    setTimeout(() => {
      largest.push(...observer.takeRecords());
      observer.disconnect();
      const resources = performance.getEntriesByType('resource').map((entry) => ({
        path: new URL(entry.name).pathname,
        startTime: entry.startTime,
        responseEnd: entry.responseEnd,
      }));
      const files = resources.filter((entry) => entry.path.startsWith('/assets/') || entry.path.startsWith('/_i18n/'));
      const api = resources.filter((entry) => entry.path.startsWith('/api/'));
      const [navigation] = performance.getEntriesByType('navigation');
      resolve({
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        lcp: largest.at(-1)?.startTime ?? null,
        lastFile: Math.max(navigation.responseEnd, ...files.map((entry) => entry.responseEnd)),
        lastFilePath: files.reduce((last, entry) => (entry.responseEnd > (last?.responseEnd ?? 0) ? entry : last), null)
          ?.path,
        firstApi: api.length > 0 ? Math.min(...api.map((entry) => entry.startTime)) : null,
      });
    }, 100);
  });
}

const server = await startServer();
/** Requests to anywhere but this server: there must be none. */
const elsewhere = new Set();
const rows = [];
try {
  const book = await demoBook(server);
  for (const lang of langs) {
    for (const { name, path } of listenerPages(lang, book)) {
      const loads = [];
      for (let run = 1; run <= runs; run += 1) {
        // A fresh profile each time: no cache, no service worker from an earlier load.
        const browser = await openBrowser({ locale: locales[lang] });
        try {
          const { page } = browser;
          const network = watchNetwork(page);
          page.on('request', (request) => {
            const url = new URL(request.url());
            if (/^(https?|wss?):$/.test(url.protocol) && url.origin !== server.baseUrl) elsewhere.add(url.origin);
          });
          await page.goto(`${server.baseUrl}${path}`, {
            waitUntil: 'load',
            timeout: loadTimeoutMs,
          });
          // A page that waits for a timer before its first render is quiet meanwhile: the paint is
          // waited for itself, then what the page asks for once it has rendered.
          await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, {
            timeout: loadTimeoutMs,
          });
          await network.quiet();
          const timings = await page.evaluate(readTimings);
          if (timings.fcp === null) throw new Error(`${path} never painted`);
          loads.push(timings);
        } finally {
          await browser.close();
        }
      }
      const of = (key) => median(loads.map((load) => load[key]).filter((value) => value !== null));
      const fcp = of('fcp');
      const lastFile = of('lastFile');
      const apiLoads = loads.filter((load) => load.firstApi !== null);
      rows.push({
        lang,
        name,
        path,
        fcp,
        lcp: of('lcp'),
        lastFile,
        afterLastFile: median(loads.map((load) => load.fcp - load.lastFile)),
        firstApi: apiLoads.length > 0 ? median(apiLoads.map((load) => load.firstApi)) : null,
        lastFilePath: loads.at(-1).lastFilePath,
      });
      const row = rows.at(-1);
      console.error(`${path}: FCP ${Math.round(fcp)} ms, last file ${Math.round(lastFile)} ms (${row.lastFilePath})`);
    }
  }
} finally {
  await server.stop();
}

const ms = (value) => (value === null || Number.isNaN(value) ? '–' : `${Math.round(value)}`);
console.log(`\nmedian of ${runs} loads per page; ms from navigation start; loopback, no throttling, empty cache\n`);
console.log('| page | FCP | LCP | last file | FCP − last file | first API request | FCP within 150 ms |');
console.log('|---|---|---|---|---|---|---|');
for (const row of rows) {
  const met = row.afterLastFile <= targetMs;
  console.log(
    `| \`${decodeURIComponent(row.path)}\` | ${ms(row.fcp)} | ${ms(row.lcp)} | ${ms(row.lastFile)} | ` +
      `${ms(row.afterLastFile)} | ${ms(row.firstApi)} | ${met ? 'met' : 'not met'} |`,
  );
}
if (elsewhere.size > 0) {
  console.error(`requests left loopback: ${[...elsewhere].join(', ')}`);
  process.exitCode = 1;
}
