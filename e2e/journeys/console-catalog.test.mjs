// The console's catalogue in a real browser: the demo administrator creates a category and a
// book, batch-uploads three chapters, publishes it, and a guest then finds the book by search
// (pinyin included) and plays chapter 1; an editor is refused the storage page; a listener is
// refused the console.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openBrowser, startServer } from '../harness.mjs';

/** A mono 8 kHz 16-bit WAV of `seconds` of a tone at `hz`, as the bytes of a file. */
function wav(seconds, hz) {
  const rate = 8000;
  const samples = Math.round(rate * seconds);
  const bytes = Buffer.alloc(44 + samples * 2);
  bytes.write('RIFF', 0);
  bytes.writeUInt32LE(36 + samples * 2, 4);
  bytes.write('WAVEfmt ', 8);
  bytes.writeUInt32LE(16, 16);
  bytes.writeUInt16LE(1, 20);
  bytes.writeUInt16LE(1, 22);
  bytes.writeUInt32LE(rate, 24);
  bytes.writeUInt32LE(rate * 2, 28);
  bytes.writeUInt16LE(2, 32);
  bytes.writeUInt16LE(16, 34);
  bytes.write('data', 36);
  bytes.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i += 1) {
    bytes.writeInt16LE(Math.round(Math.sin((2 * Math.PI * hz * i) / rate) * 8000), 44 + i * 2);
  }
  return bytes;
}

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

    // Three chapters at once: each file uploads with its own progress bar, the titles and the
    // order come from the file names (dropped out of order), and the server probes each length.
    await page.goto(`${server.baseUrl}/admin/books/${bookId}/chapters/batch-create`);
    await page.getByLabel('选择音频文件').setInputFiles([
      { name: '第03章 归航.wav', mimeType: 'audio/wav', buffer: wav(6, 440) },
      { name: '第01章 雾起.wav', mimeType: 'audio/wav', buffer: wav(12, 330) },
      { name: '第02章 灯语.wav', mimeType: 'audio/wav', buffer: wav(6, 550) },
    ]);
    assert.equal(await page.getByRole('progressbar').count(), 3, 'one progress bar per file');
    await page.getByText('所有文件都已上传，可以保存。').waitFor();
    const titles = await page.getByLabel('标题').evaluateAll((inputs) => inputs.map((input) => input.value));
    assert.deepEqual(titles, ['第01章 雾起', '第02章 灯语', '第03章 归航']);
    await page.getByRole('button', { name: '保存 3 个章节' }).click();
    await page.waitForURL((url) => url.pathname === `/admin/books/${bookId}/chapters`);
    await page.getByText('第01章 雾起').first().waitFor();
    await page.goto(`${server.baseUrl}/admin/books/${bookId}/edit`);

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
    // Chapter 1 plays (a free book: no account needed).
    await page.getByText('第01章 雾起').first().waitFor();
    await page.getByRole('button', { name: '从头播放' }).click();
    const audio = page.locator('[data-testid="player-audio"]');
    await audio.evaluate(
      (element) =>
        new Promise((resolve) =>
          !element.paused && element.currentTime > 0 ? resolve() : element.addEventListener('playing', resolve, { once: true }),
        ),
    );
    const started = await audio.evaluate((element) => element.currentTime);
    await page.waitForTimeout(600);
    assert.ok((await audio.evaluate((element) => element.currentTime)) > started, 'chapter 1 is playing');
    assert.match(await audio.evaluate((element) => element.currentSrc), /\/api\/chapters\/\d+\/audio/);
  } finally {
    await guest.close();
  }
});

test('an editor works on the catalogue but is refused the storage page', async () => {
  const browser = await openBrowser({ locale: 'zh-CN' });
  try {
    const { page } = browser;
    await page.goto(`${server.baseUrl}/auth/login?redirect=%2Fadmin%2Fstorage`);
    await page.getByLabel('邮箱或用户名').fill('editor@demo.tingshu.app');
    await page.getByLabel('密码', { exact: true }).fill('Tingshu-demo-2026');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    // The 403 screen names what is missing; the storage page itself is never drawn.
    await page.getByText(/需要权限：manage:system|需要管理员权限/).first().waitFor();
    assert.equal(new URL(page.url()).pathname, '/admin/storage');
    assert.equal(await page.getByRole('link', { name: '存储' }).count(), 0, 'no storage link for an editor');
    // The catalogue is theirs.
    await page.goto(`${server.baseUrl}/admin/books`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    assert.equal(await page.getByText(/需要权限|需要管理员权限/).count(), 0);
  } finally {
    await browser.close();
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
