// The console's people-and-operations half in a real browser: every sidebar link the demo
// administrator and the demo editor can see opens a real page (never the 404 screen); the editor
// neither sees a link to the roles page nor gets its data; an administrator disables a listener,
// who is signed out on their next request; and a limited-free campaign made in the console frees
// a VIP book for a guest at once, countdown and audio included.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openBrowser, startServer } from '../harness.mjs';

const demoPassword = 'Tingshu-demo-2026';

/** @type {Awaited<ReturnType<typeof startServer>>} */
let server;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server?.stop();
});

/** Signs the demo account `email` in in `page` through the API (the app keeps its session in localStorage). */
async function signInAs(page, email) {
  const signedIn = await server.api('/api/auth/login', { method: 'POST', body: { email, password: demoPassword } });
  return server.signIn(page, signedIn);
}

/** The addresses of the console sidebar's links on `page`. */
async function sidebarLinks(page) {
  const nav = page.getByRole('navigation', { name: '后台导航' });
  await nav.getByRole('link').first().waitFor();
  return nav.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
}

/** Opens every sidebar link of `email` and checks each draws its page: a heading, no 404 or 403 screen. */
async function walkSidebar(email) {
  const browser = await openBrowser({ locale: 'zh-CN' });
  try {
    const { page } = browser;
    await signInAs(page, email);
    await page.goto(`${server.baseUrl}/admin`);
    const links = await sidebarLinks(page);
    assert.ok(links.length > 1, `the sidebar of ${email} lists sections: ${links}`);
    for (const href of links) {
      await page.goto(`${server.baseUrl}${href}`);
      await page.locator('#main-content h1').first().waitFor({ timeout: 15_000 });
      // Let the page's first data arrive: a refused call would turn into the error screen.
      await page.waitForLoadState('networkidle');
      const screenText = await page.locator('#main-content').innerText();
      assert.doesNotMatch(screenText, /页面未找到|访问被拒绝|需要管理员权限|需要权限/, `${href} for ${email}: ${screenText.slice(0, 200)}`);
      // The page names itself in the tab (the console's route titles come with its own catalogue).
      assert.doesNotMatch(await page.title(), /routes\.|^听书$/, `${href}: the title ${await page.title()}`);
    }
    return links;
  } finally {
    await browser.close();
  }
}

test('every sidebar link of the administrator opens a real page', async () => {
  const links = await walkSidebar('admin@demo.tingshu.app');
  for (const href of ['/admin/books', '/admin/orders', '/admin/storage']) {
    assert.ok(links.includes(href), `the administrator's sidebar holds ${href}: ${links}`);
  }
});

test('every sidebar link of the editor opens a real page, and the roles page is refused', async () => {
  const links = await walkSidebar('editor@demo.tingshu.app');
  assert.ok(links.includes('/admin/books'), `the editor's sidebar holds the books: ${links}`);
  for (const href of ['/admin/roles', '/admin/users', '/admin/permissions', '/admin/settings']) {
    assert.ok(!links.includes(href), `no ${href} link for an editor: ${links}`);
  }
  const browser = await openBrowser({ locale: 'zh-CN' });
  try {
    const { page } = browser;
    await signInAs(page, 'editor@demo.tingshu.app');
    await page.goto(`${server.baseUrl}/admin/roles`);
    // The roles are users' business (manage:users): the page draws the 403 screen, never the list.
    await page.getByText(/访问被拒绝|需要管理员权限|需要权限/).first().waitFor();
    assert.equal(await page.getByRole('table').count(), 0, 'no list of roles is drawn');
  } finally {
    await browser.close();
  }
});

test('an administrator disables a listener, who is signed out on their next request', async () => {
  const admin = await openBrowser({ locale: 'zh-CN' });
  const listener = await openBrowser({ locale: 'zh-CN' });
  try {
    await server.signedInListener(listener.page, 'quitter');
    await listener.page.goto(`${server.baseUrl}/bookshelf`);
    await listener.page.getByRole('heading', { level: 1 }).first().waitFor();
    assert.equal(new URL(listener.page.url()).pathname, '/bookshelf');

    const { page } = admin;
    await signInAs(page, 'admin@demo.tingshu.app');
    await page.goto(`${server.baseUrl}/admin/users?q=quitter`);
    await page.getByRole('link', { name: 'quitter' }).first().click();
    await page.getByRole('heading', { name: /quitter/ }).first().waitFor();
    await page.getByRole('button', { name: '停用', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '停用', exact: true }).click();
    await page.getByText('已停用 quitter，并在所有设备上退出登录。').first().waitFor();

    // The listener's very next request: the session is gone, the app asks them to sign in.
    await listener.page.goto(`${server.baseUrl}/bookshelf`);
    await listener.page.waitForFunction(
      () => location.pathname === '/auth/login' || document.body.innerText.includes('需要登录'),
      null,
      { timeout: 15_000 },
    );
    const stored = await listener.page.evaluate(() => localStorage.getItem('auth'));
    assert.ok(!stored || !JSON.parse(stored).isAuthenticated, `signed out in the browser: ${stored}`);
  } finally {
    await admin.close();
    await listener.close();
  }
});

/** `ms` as the value of a datetime-local field in the browser's zone (Asia/Shanghai, UTC+8). */
function shanghaiLocal(ms) {
  return new Date(ms + 8 * 3600_000).toISOString().slice(0, 16);
}

test('a limited-free campaign made in the console frees a VIP book for a guest at once', async () => {
  const now = Date.now();
  const vip = await server.api('/api/books?access=vip&sort=newest&pageSize=50');
  const book = vip.items.find((b) => !b.freeUntil || b.freeUntil < now);
  assert.ok(book, 'a VIP book outside any campaign');
  const chapters = await server.api(`/api/books/${book.id}/chapters`);
  const locked = chapters.items.find((c) => !c.access.allowed);
  assert.ok(locked, 'the VIP book has a chapter a guest cannot play yet');

  const admin = await openBrowser({ locale: 'zh-CN' });
  try {
    const { page } = admin;
    await signInAs(page, 'admin@demo.tingshu.app');
    await page.goto(`${server.baseUrl}/admin/promotions`);
    await page.getByRole('button', { name: '新建活动' }).click();
    await page.getByLabel(/^名称/).fill('周末限免');
    await page.getByLabel(/^开始/).fill(shanghaiLocal(now - 60_000));
    await page.getByLabel(/^结束/).fill(shanghaiLocal(now + 2 * 86_400_000));
    await page.getByPlaceholder('按书名、作者或编号搜索').fill(String(book.id));
    await page.getByRole('button', { name: `添加《${book.title}》` }).click();
    await page.getByRole('button', { name: '创建活动' }).click();
    await page.getByRole('table').getByText('周末限免', { exact: true }).first().waitFor();
  } finally {
    await admin.close();
  }

  const guest = await openBrowser({ locale: 'zh-CN' });
  try {
    const { page } = guest;
    await page.goto(`${server.baseUrl}/limited-free`);
    const card = page.getByRole('listitem').filter({ hasText: book.title }).first();
    await card.waitFor();
    assert.match(await card.innerText(), /限免剩余/);
    await page.goto(`${server.baseUrl}/books/${book.id}/chapters/${locked.id}`);
    const audio = page.locator('[data-testid="player-audio"]');
    await page.getByRole('button', { name: /^(播放本章|从头播放|继续播放)/ }).first().click();
    await audio.evaluate(
      (element) =>
        new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('the freed chapter never played')), 15_000);
          const check = () => element.currentTime > 0 && (clearTimeout(timer), resolve());
          check();
          element.addEventListener('timeupdate', check);
        }),
    );
  } finally {
    await guest.close();
  }
});

test("the site's default language sends a visitor who states none of ours from / to it", async () => {
  const signedIn = await server.api('/api/auth/login', {
    method: 'POST',
    body: { email: 'admin@demo.tingshu.app', password: demoPassword },
  });
  const token = signedIn.tokens.accessToken;
  const settings = await server.api('/api/admin/settings', { token });
  const put = (defaultLanguage) =>
    server.api('/api/admin/settings', { method: 'PUT', token, body: { ...settings, defaultLanguage } });
  await put('ja');
  const browser = await openBrowser({ locale: 'fr-FR' });
  try {
    const { page } = browser;
    await page.goto(`${server.baseUrl}/`);
    await page.waitForURL(`${server.baseUrl}/ja`);
    assert.equal(await page.locator('html').getAttribute('lang'), 'ja-JP');
  } finally {
    await browser.close();
    await put(settings.defaultLanguage);
  }
});
