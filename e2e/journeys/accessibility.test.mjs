// axe-core in the browser on the listener's main pages, in Chinese and English: no serious or
// critical violation of WCAG 2.1 A/AA. Also keeps 390×844 screenshots of home, a book and the
// expanded player in e2e/test-results/screenshots/ for review (not committed).
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { openBrowser, repoRoot, startServer } from '../harness.mjs';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const screenshots = path.join(repoRoot, 'e2e/test-results/screenshots');

let server;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server?.stop();
});

/** The serious and critical violations axe finds on the page as it is now. */
async function violations(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const result = await page.evaluate(() =>
    window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }),
  );
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('\n    ')}`);
}

/** Loads `route` and waits until the page has drawn its content (no loading indicator left). */
async function visit(page, route) {
  await page.goto(`${server.baseUrl}${route}`);
  await page.locator('main h1, main h2').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached', timeout: 5_000 }).catch(() => {});
}

for (const lang of ['zh', 'en']) {
  test(`the listener's pages have no serious accessibility violation (${lang})`, async () => {
    const prefix = lang === 'zh' ? '' : `/${lang}`;
    const signedUp = await server.register(`axe_${lang}`);
    const books = await server.api('/api/books?access=free&sort=newest');
    const book = books.items[0];
    const chapter = (await server.api(`/api/books/${book.id}/chapters`)).items[0];
    const browser = await openBrowser({ locale: lang === 'zh' ? 'zh-CN' : 'en-US' });
    const found = [];
    try {
      const { page } = browser;
      const guestPages = [
        '/',
        '/books',
        `/books/${book.id}`,
        `/books/${book.id}/chapters/${chapter.id}`,
        `/search?q=${encodeURIComponent('灯塔')}`,
        '/auth/login',
        '/auth/register',
        '/offline',
      ];
      for (const route of guestPages) {
        await visit(page, `${prefix}${route}`);
        for (const v of await violations(page)) found.push(`${route}: ${v}`);
      }
      await server.signIn(page, signedUp);
      await visit(page, '/bookshelf');
      for (const v of await violations(page)) found.push(`/bookshelf: ${v}`);
      // The expanded player, over a book page.
      await visit(page, `${prefix}/books/${book.id}/chapters/${chapter.id}`);
      const expand = page.getByRole('button', { name: lang === 'zh' ? '展开播放器' : 'Expand player' });
      if (!(await expand.isVisible())) {
        await page.getByRole('button', { name: lang === 'zh' ? /播放/ : /Play/ }).first().click();
      }
      await expand.click();
      await page.locator('.player-bar--expanded').waitFor();
      for (const v of await violations(page)) found.push(`expanded player: ${v}`);
    } finally {
      await browser.close();
    }
    assert.deepEqual(found, [], `axe found:\n${found.join('\n')}`);
  });
}

test('screenshots of home, a book and the player on a 390×844 phone are kept for review', async () => {
  mkdirSync(screenshots, { recursive: true });
  const books = await server.api('/api/books?access=free&sort=newest');
  const book = books.items[0];
  const browser = await openBrowser({ locale: 'zh-CN' });
  try {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    const shoot = async (name) => {
      const file = path.join(screenshots, `${name}-390x844.png`);
      await page.screenshot({ path: file });
      // Nothing wider than the phone: a page that scrolls sideways is broken on it.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${name} is ${overflow} px wider than the screen`);
    };
    await visit(page, '/');
    await shoot('home');
    await visit(page, `/books/${book.id}`);
    await shoot('book');
    await page.getByRole('button', { name: '从头播放' }).click();
    await page.getByRole('button', { name: '展开播放器' }).click();
    await page.locator('.player-bar--expanded').waitFor();
    await shoot('player');
  } finally {
    await browser.close();
  }
});
