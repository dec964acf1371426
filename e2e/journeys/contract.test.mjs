// The API reference page: built into the binary, it renders the server's own document in
// the browser under the server's Content-Security-Policy (a refusal fails the journey).
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

test('the API reference page shows every operation of the document', async () => {
  const browser = await openBrowser({ locale: 'en-US' });
  try {
    const { page } = browser;
    const contract = await (await fetch(`${server.baseUrl}/api/openapi.json`)).json();
    const operations = Object.values(contract.paths).flatMap((item) => Object.keys(item)).length;
    await page.goto(`${server.baseUrl}/api/docs/`);
    await page.waitForSelector('.swagger-ui .info .title');
    assert.match(await page.textContent('.swagger-ui .info .title'), /Tingshu API/);
    await page.waitForFunction((n) => document.querySelectorAll('.opblock').length === n, operations);
  } finally {
    await browser.close();
  }
});
