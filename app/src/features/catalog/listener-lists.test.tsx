// The listener's lists and their rough edges (issue 27): a category's own list, the filters folded on
// phones, the access a listener holds on a book and on its cards, categories with covers and counts,
// ratings and play counts on cards, chapter rows that keep their play button, the countdown's words.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CategoryNode } from '@/lib/api/types';
import { book, bookDetail, chapter, page } from '@/testing/catalog-fixtures';
import { mockFetch, ok } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';

const category = (id: number, slug: string, name: string, patch: Partial<CategoryNode> = {}): CategoryNode => ({
  id,
  slug,
  name,
  names: { zh: name, en: name, ja: name },
  parentId: null,
  bookCount: 4,
  coverUrls: [],
  children: [],
  ...patch,
});
const categories = [category(1, 'wuxia', '武侠'), category(2, 'scifi', '科幻', { bookCount: 2 })];

describe('a category’s list', () => {
  it('is titled by the category, and the header’s navigation marks 分类', async () => {
    mockFetch({ 'GET /api/books': ok(page([book(1, { title: '第一本' })])), 'GET /api/categories': ok(categories) });
    renderApp('/books?category=scifi');
    expect(await screen.findByRole('heading', { level: 1, name: '科幻' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '全部有声书' })).not.toBeInTheDocument();
    const nav = within(screen.getByRole('banner')).getAllByRole('navigation', { name: '主导航' })[0];
    expect(within(nav).getByRole('link', { name: '分类' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: '书库' })).not.toHaveAttribute('aria-current');
  });

  it('leaves the whole catalogue titled 全部有声书 under 书库', async () => {
    mockFetch({ 'GET /api/books': ok(page([])), 'GET /api/categories': ok(categories) });
    renderApp('/books?status=finished');
    expect(await screen.findByRole('heading', { level: 1, name: '全部有声书' }, { timeout: 5000 })).toBeInTheDocument();
    const nav = within(screen.getByRole('banner')).getAllByRole('navigation', { name: '主导航' })[0];
    expect(within(nav).getByRole('link', { name: '书库' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: '分类' })).not.toHaveAttribute('aria-current');
  });
});

describe('the filters of /books', () => {
  it('fold behind one button that counts the filters set and opens them', async () => {
    mockFetch({ 'GET /api/books': ok(page([])), 'GET /api/categories': ok(categories) });
    const user = userEvent.setup();
    renderApp('/books?category=wuxia&status=finished&sort=newest');
    const toggle = await screen.findByRole('button', { name: '筛选（2）' }, { timeout: 5000 });
    const form = screen.getByRole('form', { name: '筛选' });
    expect(toggle).toHaveAttribute('aria-controls', form.id);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(form).toHaveClass('filters--foldable');
    expect(form).not.toHaveClass('filters--open');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(form).toHaveClass('filters--open');
  });

  it('names the button plainly when no filter is set, in every language', async () => {
    mockFetch({ 'GET /api/books': ok(page([])), 'GET /api/categories': ok(categories) });
    renderApp('/en/books');
    expect(await screen.findByRole('button', { name: 'Filters' }, { timeout: 5000 })).toBeInTheDocument();
  });
});

describe('the access a listener holds', () => {
  const paidBook = { title: '七号书', access: 'paid' as const, price: { cny: 2490, usd: 399, jpy: 500 } };
  const chapters = ok(page([chapter(1)]));

  it('offers an unbought paid book with its price', async () => {
    mockFetch({
      'GET /api/books/7': ok(bookDetail(7, { ...paidBook, viewerAccess: { kind: 'purchase', allowed: false } })),
      'GET /api/books/7/chapters': chapters,
    });
    renderApp('/books/7', { user: users.free });
    expect(await screen.findByTestId('buy-book', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getAllByText('¥24.90').length).toBeGreaterThan(0);
  });

  it('shows a bought book as 已购买, without its price or a buy button', async () => {
    mockFetch({
      'GET /api/books/7': ok(bookDetail(7, { ...paidBook, viewerAccess: { kind: 'purchased', allowed: true } })),
      'GET /api/books/7/chapters': chapters,
    });
    renderApp('/books/7', { user: users.free });
    expect(await screen.findByText('已购买', undefined, { timeout: 5000 })).toHaveClass('badge--purchased');
    await screen.findByRole('link', { name: '第1章' });
    expect(screen.queryByText('付费')).not.toBeInTheDocument();
    expect(screen.queryByText('¥24.90')).not.toBeInTheDocument();
    expect(screen.queryByTestId('buy-book')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '购买本书' })).not.toBeInTheDocument();
  });

  it('shows a member a VIP book as included, with nothing to buy', async () => {
    mockFetch({
      'GET /api/books/8': ok(
        bookDetail(8, {
          access: 'vip',
          price: { cny: 990, usd: 199, jpy: 200 },
          viewerAccess: { kind: 'member', allowed: true },
        }),
      ),
      'GET /api/books/8/chapters': chapters,
    });
    renderApp('/books/8', { user: users.premium });
    expect(await screen.findByText('会员畅听', undefined, { timeout: 5000 })).toHaveClass('badge--member');
    await screen.findByRole('link', { name: '第1章' });
    expect(screen.queryByTestId('buy-book')).not.toBeInTheDocument();
  });
});

describe('/categories', () => {
  it('shows each category with its covers and its number of books', async () => {
    mockFetch({
      'GET /api/categories': ok([
        category(1, 'wuxia', '武侠', { coverUrls: ['/api/covers/3/small', '/api/covers/4/small'], bookCount: 12 }),
        category(2, 'scifi', '科幻', { bookCount: 0 }),
      ]),
    });
    renderApp('/categories');
    const link = await screen.findByRole('link', { name: /武侠/ }, { timeout: 5000 });
    expect(link).toHaveAttribute('href', '/books?category=wuxia');
    expect([...link.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      '/api/covers/3/small',
      '/api/covers/4/small',
    ]);
    expect(within(link).getByText('共 12 本')).toBeInTheDocument();
    const empty = screen.getByRole('link', { name: /科幻/ });
    expect(empty.querySelectorAll('img')).toHaveLength(0);
    expect(within(empty).getByText('共 0 本')).toBeInTheDocument();
  });
});

describe('cards', () => {
  it('show the average rating on a list ordered by rating, and keep the play count in one piece', async () => {
    mockFetch({
      'GET /api/books': ok(page([book(1, { title: '高分书', rating: 4.75, ratingCount: 8 })])),
      'GET /api/categories': ok(categories),
    });
    renderApp('/books?sort=rating');
    const card = (await screen.findByRole('link', { name: '高分书' }, { timeout: 5000 })).closest('article')!;
    expect(within(card).getByText('★ 4.8')).toHaveClass('book-card__rating');
    expect(card.querySelector('.book-card__stats > .book-card__plays')).toHaveTextContent(/次播放$/);
  });

  it('leave the rating off other orders', async () => {
    mockFetch({ 'GET /api/books': ok(page([book(1, { title: '热门书' })])), 'GET /api/categories': ok(categories) });
    renderApp('/books');
    const card = (await screen.findByRole('link', { name: '热门书' }, { timeout: 5000 })).closest('article')!;
    expect(card.querySelector('.book-card__rating')).toBeNull();
  });
});

describe('a chapter row', () => {
  it('keeps five cells: the listened mark sits with the access marker, never beside the play button', async () => {
    mockFetch({
      'GET /api/books/7': ok(bookDetail(7)),
      'GET /api/books/7/chapters': ok(
        page([chapter(1, { progress: { positionSecs: 125, completed: true } }), chapter(2)]),
      ),
    });
    renderApp('/books/7');
    const row = (await screen.findByRole('link', { name: '第1章' }, { timeout: 5000 })).closest('li')!;
    const cells = [...row.children].map((cell) => cell.classList[cell.classList.length - 1]);
    expect(cells).toEqual([
      'chapter-row__index',
      'chapter-row__title',
      'chapter-row__marks',
      'chapter-row__duration',
      'chapter-row__play',
    ]);
    expect(row.querySelector('.chapter-row__marks')).toHaveTextContent('已听完');
    expect(row.querySelector('.chapter-row__duration')).toHaveTextContent('02:05');
    const other = screen.getByRole('link', { name: '第2章' }).closest('li')!;
    expect(other.children).toHaveLength(5);
  });
});

describe('the campaign countdown', () => {
  it.each([
    ['/en/limited-free', /^Free for another 2 d (01:00:00|59:5\d)$/],
    ['/limited-free', /^限免剩余 2 天 (01:00:00|59:5\d)$/],
    ['/ja/limited-free', /^無料期間の残り 2 日 (01:00:00|59:5\d)$/],
  ])('reads naturally on %s (core’s formatCountdown)', async (path, expected) => {
    mockFetch({
      'GET /api/limited-free': ok(
        page([book(1, { title: '限免甲', freeUntil: Date.now() + 2 * 86_400_000 + 3_600_000 })]),
      ),
    });
    renderApp(path);
    expect(await screen.findByRole('timer', undefined, { timeout: 5000 })).toHaveTextContent(expected);
  });
});

describe('a list page while its list loads', () => {
  const never = () => new Promise<Response>(() => {});

  it.each([
    ['/categories', 'GET /api/categories'],
    ['/limited-free', 'GET /api/limited-free'],
    ['/recommendations', 'GET /api/recommendations'],
  ])('keeps the screen’s height on %s, so its footer is not pushed away when the list arrives', async (path, call) => {
    mockFetch({ [call]: never, 'GET /api/categories': never });
    const { container } = renderApp(path);
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    expect(container.querySelector('.catalog-page > .skeleton.skeleton--screen')).not.toBeNull();
  });

  it('gives that skeleton the screen’s height in its stylesheet', () => {
    const css = readFileSync(
      fileURLToPath(import.meta.url).replace(/features\/catalog\/[^/\\]+$/, 'components/async-state/async-state.css'),
      'utf8',
    );
    const rule = /\.skeleton--screen \{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(rule).toContain('min-height: 100svh;');
    expect(rule).toContain('align-content: start;');
  });
});
