// The console's catalogue in a real browser: the demo administrator creates a category and a
// book, batch-uploads four chapters (three WAV, one Ogg Opus titled by its tag), publishes it,
// and a guest then finds the book by search (pinyin included), plays chapter 1, and Chromium
// plays the Opus chapter from the audio endpoint; an editor is refused the storage page; a
// listener is refused the console.
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

/** The CRC of an Ogg page (polynomial 0x04c11db7, no reflection). */
function oggCrc(bytes) {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 24;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
  }
  return crc >>> 0;
}

/** One Ogg page holding `packets` (each under 255 bytes), ending at `granule`. */
function oggPage(packets, { flags, granule, sequence }) {
  const body = Buffer.concat(packets);
  const page = Buffer.alloc(27 + packets.length + body.length);
  page.write('OggS', 0);
  page.writeUInt8(flags, 5);
  page.writeBigUInt64LE(BigInt(granule), 6);
  page.writeUInt32LE(0x7453, 14);
  page.writeUInt32LE(sequence, 18);
  page.writeUInt8(packets.length, 26);
  packets.forEach((packet, index) => page.writeUInt8(packet.length, 27 + index));
  body.copy(page, 27 + packets.length);
  page.writeUInt32LE(oggCrc(page), 22);
  return page;
}

/**
 * `seconds` of silent mono Ogg Opus whose TITLE tag is `title`: OpusHead, OpusTags, then 20 ms
 * packets of a single table-of-contents byte (no frame data: decoded as silence).
 */
function oggOpus(seconds, title) {
  const preSkip = 312;
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0);
  head.writeUInt8(1, 8);
  head.writeUInt8(1, 9);
  head.writeUInt16LE(preSkip, 10);
  head.writeUInt32LE(48000, 12);
  const vendor = Buffer.from('tingshu e2e');
  const comment = Buffer.from(`TITLE=${title}`);
  const count = (n) => {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32LE(n);
    return bytes;
  };
  const tags = Buffer.concat([Buffer.from('OpusTags'), count(vendor.length), vendor, count(1), count(comment.length), comment]);
  const frames = Math.round(seconds * 50);
  const pages = [
    oggPage([head], { flags: 2, granule: 0, sequence: 0 }),
    oggPage([tags], { flags: 0, granule: 0, sequence: 1 }),
  ];
  for (let first = 0; first < frames; first += 250) {
    const packets = Array.from({ length: Math.min(250, frames - first) }, () => Buffer.from([1 << 3]));
    const last = first + packets.length === frames;
    const granule = preSkip + (first + packets.length) * 960;
    pages.push(oggPage(packets, { flags: last ? 4 : 0, granule, sequence: pages.length }));
  }
  return Buffer.concat(pages);
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
  /** The new book's id, read from the address once it is created. */
  let bookId;
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
    bookId = Number(new URL(page.url()).pathname.split('/')[3]);

    const guest = await fetch(`${server.baseUrl}/api/books/${bookId}`);
    assert.equal(guest.status, 404, 'not published yet: listeners do not see it');

    // Four chapters at once: each file uploads with its own progress bar, the titles and the
    // order come from the file names (dropped out of order), the Opus file's title from its tag,
    // and the server probes each length.
    await page.goto(`${server.baseUrl}/admin/books/${bookId}/chapters/batch-create`);
    await page.getByLabel('选择音频文件').setInputFiles([
      { name: '第03章 归航.wav', mimeType: 'audio/wav', buffer: wav(6, 440) },
      { name: 'ch4.opus', mimeType: 'audio/ogg', buffer: oggOpus(3, '第04章 远帆') },
      { name: '第01章 雾起.wav', mimeType: 'audio/wav', buffer: wav(12, 330) },
      { name: '第02章 灯语.wav', mimeType: 'audio/wav', buffer: wav(6, 550) },
    ]);
    assert.equal(await page.getByRole('progressbar').count(), 4, 'one progress bar per file');
    await page.getByText('所有文件都已上传，可以保存。').waitFor();
    const titles = await page.getByLabel('标题').evaluateAll((inputs) => inputs.map((input) => input.value));
    assert.deepEqual(titles, ['第01章 雾起', '第02章 灯语', '第03章 归航', '第04章 远帆']);
    await page.getByRole('button', { name: '保存 4 个章节' }).click();
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

    // The Opus chapter: served as Ogg, decoded and played by Chromium from the audio endpoint.
    const chapters = await server.api(`/api/books/${bookId}/chapters`);
    const opus = chapters.items.find((chapter) => chapter.title === '第04章 远帆');
    assert.ok(opus, 'the Opus chapter is titled by its tag');
    const audioUrl = `${server.baseUrl}/api/chapters/${opus.id}/audio`;
    assert.equal((await fetch(audioUrl)).headers.get('content-type'), 'audio/ogg');
    const played = await page.evaluate(async (src) => {
      const element = new Audio(src);
      element.muted = true;
      await element.play();
      await new Promise((resolve) => setTimeout(resolve, 700));
      return { canPlay: element.canPlayType('audio/ogg; codecs=opus'), readyState: element.readyState, time: element.currentTime, duration: element.duration };
    }, audioUrl);
    assert.equal(played.canPlay, 'probably');
    assert.ok(played.readyState >= 2, `the Opus chapter has data to play: ${JSON.stringify(played)}`);
    assert.ok(played.time > 0, `the Opus chapter is playing: ${JSON.stringify(played)}`);
    assert.ok(Math.abs(played.duration - 3) < 0.1, `its decoded length is 3 s: ${JSON.stringify(played)}`);
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
    await page.getByText(/需要权限：管理系统与存储|需要管理员权限/).first().waitFor();
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
