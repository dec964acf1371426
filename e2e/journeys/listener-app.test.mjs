// The listener's app end to end: the account menu reaches the library pages, an unknown book
// is the 404 screen, a book page carries the book's title, English pages show English chapter
// titles, the mini player comes back after a reload, clearing the history asks in a dialog,
// a listener rates a book and sees the new average.
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

const signedInListener = (page, name) => server.signedInListener(page, name);

/** The newest free demo book and its first chapter. */
async function freeBook() {
  const book = (await server.api('/api/books?access=free&sort=newest')).items[0];
  const chapter = (await server.api(`/api/books/${book.id}/chapters`)).items[0];
  return { book, chapter };
}

test('the account menu reaches the bookshelf, favorites, history and downloads', async () => {
  const browser = await openBrowser({ locale: 'zh-CN' });
  try {
    const { page } = browser;
    await signedInListener(page, 'menu_user');
    await page.goto(`${server.baseUrl}/`);
    for (const [label, path] of [
      ['我的书架', '/bookshelf'],
      ['我的收藏', '/favorites'],
      ['收听历史', '/history'],
      ['下载', '/downloads'],
    ]) {
      await page.getByRole('button', { name: '账户菜单：menu_user' }).click();
      await page.locator('.account-menu__list').getByRole('link', { name: label, exact: true }).click();
      await page.waitForURL((url) => url.pathname === path || url.pathname === '/premium');
      // Downloads are for members: a free listener is sent on to /premium, as the guard says.
      if (path !== '/downloads') assert.equal(new URL(page.url()).pathname, path);
      await page.locator('main h1').first().waitFor();
    }
  } finally {
    await browser.close();
  }
});

test("an unknown book is the 404 screen and a book's page is titled with its name", async () => {
  const { book } = await freeBook();
  const browser = await openBrowser({ locale: 'zh-CN' });
  try {
    const { page } = browser;
    await page.goto(`${server.baseUrl}/books/999999`);
    await page.getByText('Page Not Found: /books/999999').waitFor();
    assert.equal(await page.title(), 'Error 404 - 听书');

    await page.goto(`${server.baseUrl}/books/${book.id}`);
    await page.getByRole('heading', { level: 1, name: book.title }).waitFor();
    await page.waitForFunction((title) => document.title.startsWith(title), book.title);
  } finally {
    await browser.close();
  }
});

test('the English book page shows English chapter titles, subtitle and author', async () => {
  const { book } = await freeBook();
  const english = await fetch(`${server.baseUrl}/api/books/${book.id}`, { headers: { 'Accept-Language': 'en' } });
  const { data } = await english.json();
  const browser = await openBrowser({ locale: 'en-US' });
  try {
    const { page } = browser;
    await page.goto(`${server.baseUrl}/en/books/${book.id}`);
    await page.getByRole('heading', { level: 1, name: data.title }).waitFor();
    await page.getByRole('link', { name: 'Chapter 1', exact: true }).waitFor();
    await page.getByRole('link', { name: data.author.name }).waitFor();
    assert.equal(await page.getByText('第1章').count(), 0, 'no Chinese chapter titles on the English page');
  } finally {
    await browser.close();
  }
});

test('the mini player comes back paused after a reload, and clearing the history asks first', async () => {
  const { book, chapter } = await freeBook();
  const browser = await openBrowser({ locale: 'zh-CN' });
  try {
    const { page } = browser;
    await signedInListener(page, 'reload_user');
    await page.goto(`${server.baseUrl}/books/${book.id}`);
    await page.getByRole('button', { name: '从头播放' }).click();
    const audio = page.locator('[data-testid="player-audio"]');
    await page.waitForFunction(() => {
      const a = document.querySelector('[data-testid="player-audio"]');
      return a && !a.paused && a.currentTime > 1;
    });
    await page.getByRole('button', { name: '暂停', exact: true }).click();
    await page.reload();
    await page.getByRole('region', { name: '播放器' }).getByText(chapter.title).waitFor();
    assert.equal(await audio.evaluate((a) => a.paused), true, 'restored paused');
    await page.getByRole('button', { name: '播放', exact: true }).waitFor();

    await page.goto(`${server.baseUrl}/history`);
    await page.getByRole('link', { name: new RegExp(book.title) }).first().waitFor();
    await page.getByRole('button', { name: '清空历史' }).click();
    const dialog = page.getByRole('alertdialog', { name: '确定清空全部收听历史吗？' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: new RegExp(book.title) }).first().waitFor();
    await page.getByRole('button', { name: '清空历史' }).click();
    await dialog.getByRole('button', { name: '清空历史' }).click();
    await page.getByText('还没有收听记录').waitFor();
  } finally {
    await browser.close();
  }
});

test('a listener rates a book and sees the new average and their review', async () => {
  const { book } = await freeBook();
  const before = await server.api(`/api/books/${book.id}`);
  const browser = await openBrowser({ locale: 'zh-CN' });
  try {
    const { page } = browser;
    await signedInListener(page, 'rating_user');
    await page.goto(`${server.baseUrl}/books/${book.id}`);
    const ratings = page.getByRole('region', { name: '评分与书评' });
    // The stars are labels around visually hidden radios: the listener presses the second star.
    await ratings.locator('label').filter({ has: page.getByRole('radio', { name: '2 星' }) }).click();
    assert.equal(await ratings.getByRole('radio', { name: '2 星' }).isChecked(), true);
    await ratings.getByLabel('书评（选填）').fill('节奏有点慢，但声音很好听。');
    await ratings.getByRole('button', { name: '保存评分' }).click();
    await page.getByText('评分已保存').first().waitFor();
    // The server's new average and count, shown without reloading the page.
    const after = await server.api(`/api/books/${book.id}`);
    assert.equal(after.ratingCount, before.ratingCount + 1);
    await ratings.getByText(`${after.rating.toFixed(1)} 分（${after.ratingCount} 人评价）`).waitFor();
    // Listed among the reviews (newest first) with the listener's name.
    const newest = ratings.getByRole('listitem').filter({ hasText: '节奏有点慢，但声音很好听。' }).first();
    await newest.getByText('rating_user').waitFor();
  } finally {
    await browser.close();
  }
});
