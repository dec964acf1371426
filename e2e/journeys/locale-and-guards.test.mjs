// Journeys through the locale rules, the route guards and the error screen.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openBrowser, startServer, waitForServiceWorker } from '../harness.mjs';

let server;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server?.stop();
});

test('an English browser opening / lands on /en, in English, and fetches no other catalogue', async () => {
  const browser = await openBrowser({ locale: 'en-US' });
  try {
    const { page } = browser;
    const catalogues = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/_i18n/')) catalogues.push(path);
    });
    await page.goto(`${server.baseUrl}/`);
    await page.waitForURL(/\/en$/);
    await page.waitForFunction(() => document.documentElement.lang === 'en-US');
    await page.waitForFunction(() => document.title.endsWith(' - Tingshu'));
    assert.equal(new URL(page.url()).pathname, '/en');
    // The home page in full, then a second page: still the English catalogue alone.
    await page.waitForLoadState('networkidle');
    await page.goto(`${server.baseUrl}/en/books`);
    await page.waitForLoadState('networkidle');
    assert.deepEqual([...new Set(catalogues)], ['/_i18n/en/app.json']);
    // A static page fetches its long texts with it, in English too.
    await page.goto(`${server.baseUrl}/en/about`);
    await page.waitForLoadState('networkidle');
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    assert.deepEqual([...new Set(catalogues)], ['/_i18n/en/app.json', '/_i18n/en/pages.json']);
  } finally {
    await browser.close();
  }
});

test('a Chinese browser stays on / in Chinese', async () => {
  const browser = await openBrowser({ locale: 'zh-CN' });
  try {
    const { page } = browser;
    await page.goto(`${server.baseUrl}/`);
    await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
    await page.waitForFunction(() => document.title.endsWith(' - 听书'));
    assert.equal(new URL(page.url()).pathname, '/');
  } finally {
    await browser.close();
  }
});

test('an unsupported two-letter prefix is stripped', async () => {
  const browser = await openBrowser();
  try {
    const { page } = browser;
    await page.goto(`${server.baseUrl}/xx/books?sort=new`);
    await page.waitForURL((url) => url.pathname === '/books');
    assert.equal(new URL(page.url()).search, '?sort=new');
  } finally {
    await browser.close();
  }
});

test('a stored Japanese choice sends /books to /ja/books, and never prefixes /subscription', async () => {
  const browser = await openBrowser({ locale: 'zh-CN' });
  try {
    const { page } = browser;
    await page.addInitScript(() => localStorage.setItem('user-language', 'ja'));
    await page.goto(`${server.baseUrl}/books?sort=new`);
    await page.waitForURL((url) => url.pathname === '/ja/books');
    assert.equal(new URL(page.url()).search, '?sort=new');
    await page.waitForFunction(() => document.documentElement.lang === 'ja-JP');
    // A never-prefixed page stays where it is, whatever the stored language.
    await page.goto(`${server.baseUrl}/subscription`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/subscription');
  } finally {
    await browser.close();
  }
});

test('a listener who chose 中文 opens a shared /en link: the catalogue is English, the worker in control too', async () => {
  const browser = await openBrowser({ locale: 'zh-CN' });
  try {
    const { page, context } = browser;
    // The choice, as the language switcher stores it: local storage and the cookie.
    await page.addInitScript(() => localStorage.setItem('user-language', 'zh'));
    await context.addCookies([{ name: 'lang', value: 'zh', url: server.baseUrl }]);
    const books = await (await fetch(`${server.baseUrl}/api/books?pageSize=50`, { headers: { 'X-Tingshu-Lang': 'en' } })).json();
    const book = books.data.items.find((item) => item.titles.zh === '青铜钥匙');
    assert.ok(book, 'the demo catalogue has 青铜钥匙');
    const english = 'The Bronze Key';
    await page.goto(`${server.baseUrl}/en/books`);
    await page.waitForFunction(() => document.documentElement.lang === 'en-US');
    await page.getByRole('link', { name: new RegExp(english) }).first().waitFor();
    assert.equal(await page.getByText('青铜钥匙', { exact: true }).count(), 0);
    // The same book page again once the service worker answers the page: still English.
    await page.goto(`${server.baseUrl}/en/books/${book.id}`);
    await waitForServiceWorker(page);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: english }).waitFor();
    assert.equal(await page.getByRole('heading', { level: 1, name: '青铜钥匙' }).count(), 0);
  } finally {
    await browser.close();
  }
});

test('/admin signed out ends on the login route with the redirect back', async () => {
  const browser = await openBrowser();
  try {
    const { page } = browser;
    await page.goto(`${server.baseUrl}/admin`);
    await page.waitForURL((url) => url.pathname === '/auth/login');
    assert.equal(new URL(page.url()).searchParams.get('redirect'), '/admin');
  } finally {
    await browser.close();
  }
});

test('an unknown route shows the 404 screen with its title, and home clears it', async () => {
  const browser = await openBrowser({ locale: 'en-US' });
  try {
    const { page } = browser;
    await page.goto(`${server.baseUrl}/en/no/such/page`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForFunction(() => document.title === 'Error 404 - Tingshu');
    const heading = await page.getByRole('heading', { level: 1 }).textContent();
    assert.match(heading, /not found/i);
    await page.getByRole('button', { name: /home/i }).first().click();
    await page.waitForURL((url) => url.pathname === '/en');
    // The home page replaces the error title once it renders (fails by timeout if it never does).
    await page.waitForFunction(() => document.title.endsWith(' - Tingshu') && !document.title.startsWith('Error'));
    assert.equal(await page.getByRole('heading', { name: /not found/i }).count(), 0, 'the error screen is gone');
  } finally {
    await browser.close();
  }
});
