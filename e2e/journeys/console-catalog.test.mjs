// The console's catalogue in a real browser: the demo administrator creates a category and a
// book, publishes it, and a guest then finds the book by search (pinyin included); a listener
// is refused the console.
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

async function signInAsAdmin(page) {
  await page.goto(`${server.baseUrl}/auth/login?redirect=%2Fadmin%2Fcategories%2Fcreate`);
  await page.getByLabel('邮箱或用户名').fill('admin@demo.tingshu.app');
  await page.getByLabel('密码', { exact: true }).fill('Tingshu-demo-2026');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/admin/categories/create');
}

test('an administrator creates a category and a book, publishes it, and a guest finds it', async () => {
  const admin = await openBrowser({ locale: 'zh-CN' });
  try {
    const { page } = admin;
    await signInAsAdmin(page);

    // A category, checked by core before anything is sent.
    await page.getByRole('button', { name: '创建分类' }).click();
    assert.equal(await page.getByLabel(/^标识/).getAttribute('aria-invalid'), 'true');
    await page.getByLabel(/^标识/).fill('lighthouse-tales');
    await page.getByLabel(/^中文名/).fill('灯塔故事');
    await page.getByLabel(/^英文名/).fill('Lighthouse Tales');
    await page.getByLabel(/^日文名/).fill('灯台の物語');
    await page.getByRole('button', { name: '创建分类' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/categories');
    await page.getByText('lighthouse-tales').waitFor();

    // A book in it: created unpublished, then published from its edit page.
    await page.goto(`${server.baseUrl}/admin/books/create`);
    await page.getByLabel(/^中文书名/).fill('琥珀灯塔');
    await page.getByLabel(/^中文简介/).fill('守塔人在雾夜里听见了一段旧录音。');
    await page.getByLabel(/^作者/).fill('沈默');
    await page.getByLabel(/^分类/).selectOption({ label: '灯塔故事' });
    await page.getByLabel(/^标签/).fill('悬疑，海边');
    await page.getByRole('button', { name: '创建作品' }).click();
    await page.waitForURL((url) => /^\/admin\/books\/\d+\/edit$/.test(url.pathname));
    await page.getByText('已创建《琥珀灯塔》（未上架）').first().waitFor();
    const bookId = Number(new URL(page.url()).pathname.split('/')[3]);

    const guest = await fetch(`${server.baseUrl}/api/books/${bookId}`);
    assert.equal(guest.status, 404, 'not published yet: listeners do not see it');

    await page.getByRole('button', { name: '上架', exact: true }).click();
    await page.getByText('已上架《琥珀灯塔》').first().waitFor();
  } finally {
    await admin.close();
  }

  // A guest finds it at once, by its Chinese title and by pinyin, and opens it.
  const guest = await openBrowser({ locale: 'zh-CN' });
  try {
    const { page } = guest;
    await page.goto(`${server.baseUrl}/search?q=${encodeURIComponent('hupo dengta')}`);
    await page.getByRole('link', { name: /琥珀灯塔/ }).first().click();
    await page.getByRole('heading', { level: 1, name: '琥珀灯塔' }).waitFor();
  } finally {
    await guest.close();
  }
});

test('a listener is refused the console with the 403 screen', async () => {
  const browser = await openBrowser({ locale: 'zh-CN' });
  try {
    const { page } = browser;
    const response = await fetch(`${server.baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'reader@example.com', username: 'reader', password: 'listen-Well-2026' }),
    });
    assert.equal(response.status, 200);
    await page.goto(`${server.baseUrl}/auth/login?redirect=%2Fadmin%2Fbooks`);
    await page.getByLabel('邮箱或用户名').fill('reader@example.com');
    await page.getByLabel('密码', { exact: true }).fill('listen-Well-2026');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByText('需要管理员权限').first().waitFor();
    assert.equal(new URL(page.url()).pathname, '/admin/books');
  } finally {
    await browser.close();
  }
});
