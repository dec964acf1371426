// A listener's account journey: register, stay signed in across reloads, sign out, get sent
// to sign-in from a protected page and back again, and a silent refresh of an expired token.
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

const password = 'listen-Well-2026';

async function storedAuth(page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? 'null'));
}

test('register, reload, sign out, protected page, sign in and back', async () => {
  const browser = await openBrowser({ locale: 'zh-CN' });
  try {
    const { page } = browser;
    await page.goto(`${server.baseUrl}/auth/register`);
    await page.getByLabel('邮箱').fill('journey@example.com');
    await page.getByLabel('用户名').fill('旅途听众');
    await page.getByLabel('密码', { exact: true }).fill(password);
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const menu = page.getByRole('button', { name: /账户菜单/ });
    await menu.waitFor();
    const saved = await storedAuth(page);
    assert.equal(saved.user.username, '旅途听众');
    assert.ok(saved.tokens.accessToken && saved.tokens.refreshToken && saved.sessionId);

    await page.reload();
    await page.getByRole('button', { name: /账户菜单/ }).waitFor();

    await page.getByRole('button', { name: /账户菜单/ }).click();
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/login');
    await page.getByText('已退出登录').first().waitFor();
    assert.equal(await storedAuth(page), null, 'signing out clears the stored session');

    await page.goto(`${server.baseUrl}/settings`);
    await page.waitForURL((url) => url.pathname === '/auth/login');
    assert.equal(new URL(page.url()).searchParams.get('redirect'), '/settings');

    await page.getByLabel('邮箱或用户名').fill('journey@example.com');
    await page.getByLabel('密码', { exact: true }).fill(password);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/settings');
    await page.getByRole('heading', { name: '设置', level: 1 }).waitFor();
  } finally {
    await browser.close();
  }
});

test('an expired access token is refreshed without the listener noticing', async () => {
  const browser = await openBrowser({ locale: 'zh-CN' });
  try {
    const { page } = browser;
    const response = await fetch(`${server.baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'refresh@example.com', username: 'refresher', password }),
    });
    assert.equal(response.status, 200);
    const { data } = await response.json();
    // Store a session whose access token is expired and no longer valid at all.
    const stale = {
      user: data.user,
      tokens: { ...data.tokens, accessToken: 'expired.access.token', expiresIn: Date.now() - 60_000 },
      sessionId: data.sessionId,
      isAuthenticated: true,
    };
    await page.goto(`${server.baseUrl}/help`);
    await page.evaluate((value) => localStorage.setItem('auth', JSON.stringify(value)), stale);
    await page.goto(`${server.baseUrl}/profile`);
    await page.getByRole('heading', { name: '个人中心', level: 1 }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/profile', 'no detour through the sign-in page');
    const saved = await storedAuth(page);
    assert.notEqual(saved.tokens.accessToken, 'expired.access.token');
    assert.notEqual(saved.tokens.refreshToken, data.tokens.refreshToken, 'the refresh token was rotated');
    assert.ok(saved.tokens.expiresIn > Date.now(), 'the new access token is valid');
  } finally {
    await browser.close();
  }
});
