// The toast area: switching the language shows a toast that leaves by itself.
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

test('switching the language shows a toast bottom-right that disappears by itself', async () => {
  const browser = await openBrowser({ locale: 'zh-CN' });
  try {
    const { page } = browser;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${server.baseUrl}/help`);
    // The header's picker (the narrow screen's menu holds another, hidden at this width).
    await page.getByLabel('语言').filter({ visible: true }).first().selectOption('en');
    await page.waitForURL((url) => url.pathname === '/en/help');
    const toast = page.locator('.toast').first();
    await toast.waitFor({ state: 'visible' });
    assert.match(await toast.textContent(), /English/);
    const box = await toast.boundingBox();
    assert.ok(box.x + box.width > 1280 - 80, `toast is not at the right edge: ${JSON.stringify(box)}`);
    assert.ok(box.y + box.height > 800 - 120, `toast is not at the bottom: ${JSON.stringify(box)}`);
    const shownAt = Date.now();
    await toast.waitFor({ state: 'detached', timeout: 9000 });
    const lasted = Date.now() - shownAt;
    assert.ok(lasted > 3000, `the toast left after only ${lasted} ms`);
    assert.equal(await page.evaluate(() => localStorage.getItem('user-language')), 'en');
  } finally {
    await browser.close();
  }
});
