// The page renders what the native core computes: the duration strings on the demo page
// equal the shared vectors, which `cargo test` checks against the native core.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { openBrowser, repoRoot, startServer } from '../harness.mjs';

const vectors = JSON.parse(readFileSync(path.join(repoRoot, 'core/vectors/rules.json'), 'utf8'));

let server;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server?.stop();
});

test('the demo page shows the same duration strings as the native core', async () => {
  const browser = await openBrowser();
  try {
    const { page } = browser;
    await page.goto(`${server.baseUrl}/demo/timezone-format`);
    await page.locator('[data-testid^="duration-"]').first().waitFor();
    const cells = await page.locator('[data-testid^="duration-"]').evaluateAll((nodes) =>
      nodes.map((node) => [Number(node.dataset.testid.slice('duration-'.length)), node.textContent.trim()]),
    );
    let compared = 0;
    for (const [seconds, shown] of cells) {
      const vector = vectors.find((v) => v.rule === 'formatDuration' && v.input.seconds === seconds);
      if (!vector) continue;
      assert.equal(shown, vector.expected, `formatDuration(${seconds})`);
      compared += 1;
    }
    assert.ok(compared >= 5, `only ${compared} durations on the page have a native vector`);
  } finally {
    await browser.close();
  }
});
