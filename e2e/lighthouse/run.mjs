// Lighthouse (mobile preset) on every listener page family — home, the book list, a book, a
// chapter, search, categories, limited-free, recommendations, a static page, sign-in (the list of
// `../bench/listener-pages.mjs`, which the first-paint bench opens too) — against the real server
// binary: the median of several runs per page, printed and written to BENCHMARKS.md.
// Usage (from e2e/lighthouse/, after `npm ci` here and in e2e/; the app built into app/dist):
//   TINGSHU_BIN=../../target/release/tingshu node run.mjs [zh|en|ja] [--runs 3] [--label 'the server binary, in words'] [--no-write]
// Each language has its own table in BENCHMARKS.md; the full reports go to e2e/lighthouse/reports/.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { renderSection, replaceSection } from './section.mjs';
import { summarize } from './summary.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
// The harness reads TINGSHU_BIN when it loads; the release binary is what listeners get.
process.env.TINGSHU_BIN ??= path.join(repoRoot, 'target/release/tingshu');
const { startServer } = await import('../harness.mjs');
const { demoBook, listenerPages } = await import('../bench/listener-pages.mjs');

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '3' },
    label: { type: 'string' },
    'no-write': { type: 'boolean', default: false },
  },
});
const lang = positionals[0] ?? 'zh';
const locale = { zh: 'zh-CN', en: 'en-US', ja: 'ja-JP' }[lang];
if (!locale) throw new Error(`unknown language ${lang}: zh, en or ja`);
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs takes a whole number of runs, not ${values.runs}`);
const chromePath = process.env.CHROMIUM ?? '/usr/bin/chromium';
const reportsDir = path.join(here, 'reports');
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];

const started = Date.now();
const server = await startServer();
const results = [];

/**
 * One Lighthouse run in a fresh browser (no cache, no service worker from an earlier run), which
 * speaks the page's language so `/` is not sent on to another language first. A run whose trace
 * came out broken (Lighthouse's NO_NAVSTART and the like, now and then) is tried again, twice.
 */
async function audit(url) {
  for (let attempt = 1; ; attempt += 1) {
    const chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: ['--headless=new', '--no-sandbox', `--lang=${locale}`, `--accept-lang=${locale}`],
    });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: categories,
      });
      const error = result?.lhr?.runtimeError?.message ?? (result?.lhr ? null : 'no report');
      if (!error) return result;
      if (attempt === 3) throw new Error(`Lighthouse failed on ${url}: ${error}`);
      console.log(`${url}: ${error}; trying again`);
    } finally {
      chrome.kill();
    }
  }
}
try {
  const pages = listenerPages(lang, await demoBook(server));
  mkdirSync(reportsDir, { recursive: true });
  for (const page of pages) {
    const lhrs = [];
    for (let run = 1; run <= runs; run += 1) {
      const result = await audit(`${server.baseUrl}${page.path}`);
      lhrs.push(result.lhr);
      writeFileSync(path.join(reportsDir, `${page.name}-${run}.json`), result.report);
      console.log(`${page.path} run ${run}: performance ${Math.round(result.lhr.categories.performance.score * 100)}`);
    }
    results.push({ ...page, ...summarize(lhrs) });
  }
} finally {
  await server.stop();
}

const table = results.map((row) => ({
  page: row.path,
  performance: row.performance,
  'FCP s': row.fcp.toFixed(2),
  'LCP s': row.lcp.toFixed(2),
  CLS: row.cls.toFixed(3),
  'TBT ms': Math.round(row.tbt),
  accessibility: row.accessibility,
  'best practices': row.bestPractices,
  SEO: row.seo,
}));
console.table(table);
console.log(`${runs} runs per page in ${Math.round((Date.now() - started) / 1000)} s; reports in ${reportsDir}`);

if (!values['no-write']) {
  const benchmarks = path.join(repoRoot, 'BENCHMARKS.md');
  const binary = path.resolve(process.env.TINGSHU_BIN);
  // As the command is typed: from this folder.
  const shownBinary = binary.startsWith(`${repoRoot}/`) ? path.relative(here, binary) : binary;
  const options = runs === 3 ? '' : ` --runs ${runs}`;
  const osRelease = readFileSync('/etc/os-release', 'utf8').match(/^PRETTY_NAME="?([^"\n]*)/m)?.[1] ?? os.platform();
  const cpus = os.cpus();
  const section = renderSection({
    lang,
    date: new Date().toISOString().slice(0, 10),
    command: `cd e2e/lighthouse && TINGSHU_BIN=${shownBinary} node run.mjs ${lang}${options}`,
    machine: `${cpus.length} cores (${cpus[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${osRelease}; ${results[0].environment}`,
    binary: values.label ?? shownBinary,
    runs,
    rows: results,
  });
  writeFileSync(benchmarks, replaceSection(readFileSync(benchmarks, 'utf8'), section, lang));
  console.log(`BENCHMARKS.md updated (${lang})`);
}
