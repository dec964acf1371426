// Why a page's simulated paint times are what they are: one Lighthouse run (mobile preset) with
// Lantern's debug timings on, then each simulated graph of the first and largest paints printed
// node by node (start → end in simulated ms, then the request or the main-thread task), so the
// request that ends last, and what it waited for, can be read off.
// Usage (from e2e/lighthouse/, the app built): TINGSHU_BIN=… node lantern.mjs /en/books/3 [en-US]
process.env.LANTERN_DEBUG = '1';
process.env.TINGSHU_BIN ??= new URL('../../target/release/tingshu', import.meta.url).pathname;
const { startServer } = await import('../harness.mjs');
const chromeLauncher = await import('chrome-launcher');
const { default: lighthouse } = await import('lighthouse');
const Lantern = await import('lighthouse/core/lib/lantern/lantern.js');

const [pagePath = '/', locale = 'zh-CN'] = process.argv.slice(2);
const shown = /^(optimistic|pessimistic)(FirstContentfulPaint|LargestContentfulPaint)$/;
const taskEvents = new Set(['EvaluateScript', 'FunctionCall', 'Layout', 'Paint', 'ParseHTML', 'TimerFire', 'v8.wasm.streamFromResponseCallback']);

const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', `--lang=${locale}`, `--accept-lang=${locale}`],
});
try {
  const { lhr } = await lighthouse(`${server.baseUrl}${pagePath}`, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  const metric = (id) => `${(lhr.audits[id].numericValue / 1000).toFixed(2)} s`;
  console.log(`${pagePath}: FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}`);
  for (const [label, timings] of Lantern.Simulation.Simulator.allNodeTimings) {
    if (!shown.test(label)) continue;
    const rows = [...timings.entries()].sort((a, b) => a[1].startTime - b[1].startTime);
    const end = Math.max(...rows.map(([, timing]) => timing.endTime));
    console.log(`\n${label}: ends at ${end.toFixed(0)} ms, ${rows.length} nodes`);
    for (const [node, { startTime, endTime }] of rows) {
      const what =
        node.type === 'network'
          ? `${node.request.priority} ${node.request.resourceType} ${(node.request.transferSize / 1024).toFixed(1)} KB ${node.request.url.replace(server.baseUrl, '')}`
          : `task ${(node.duration / 1000).toFixed(1)} ms observed: ${[...new Set(node.childEvents.filter((event) => taskEvents.has(event.name)).map((event) => event.name))].join(', ')}`;
      console.log(`${startTime.toFixed(0).padStart(6)} → ${endTime.toFixed(0).padStart(6)}  ${what}`);
    }
  }
} finally {
  chrome.kill();
  await server.stop();
}
