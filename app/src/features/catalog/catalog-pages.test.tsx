// The catalogue pages through the real router with a mocked server: data, loading, empty and error
// states, URL-driven filters, toggles and access markers.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CategoryNode, Items, TagCount } from '@/lib/api/types';
import { book, bookDetail, chapter, chapterDetail, page, tag } from '@/testing/catalog-fixtures';
import { apiError, json, mockFetch, ok } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';
import { authStore } from '@/features/auth/auth-store';

const names = (zh: string, en: string) => ({ zh, en, ja: zh });
const categories: CategoryNode[] = [
  {
    id: 1,
    slug: 'wuxia',
    name: '武侠',
    names: names('武侠', 'Wuxia'),
    parentId: null,
    bookCount: 4,
    coverUrls: [],
    children: [],
  },
  {
    id: 2,
    slug: 'scifi',
    name: '科幻',
    names: names('科幻', 'Science fiction'),
    parentId: null,
    bookCount: 2,
    coverUrls: [],
    children: [],
  },
];

describe('home', () => {
  it('shows popular, new, limited-free books and categories from the server', async () => {
    const { calls } = mockFetch({
      'GET /api/books': (call) =>
        ok(
          page([
            book(call.url.includes('sort=newest') ? 2 : 1, {
              title: call.url.includes('sort=newest') ? '新书' : '热门书',
            }),
          ]),
        ),
      'GET /api/limited-free': ok(page([book(3, { title: '限免书', freeUntil: Date.now() + 3_600_000 })])),
      'GET /api/categories': ok(categories),
    });
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 2, name: '热门有声书' }, { timeout: 5000 })).toBeInTheDocument();
    expect((await screen.findAllByRole('link', { name: '热门书' })).length).toBeGreaterThan(0);
    expect(await screen.findByRole('link', { name: '新书' })).toHaveAttribute('href', '/books/2');
    expect(await screen.findByRole('link', { name: '限免书' })).toBeInTheDocument();
    expect(screen.getByText(/限免剩余/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /武侠/ })).toHaveAttribute('href', '/books?category=wuxia');
    expect(calls.some((c) => c.url.includes('/api/books?sort=popular&pageSize=6'))).toBe(true);
    // A guest has no continue-listening section.
    expect(calls.some((c) => c.url.includes('/api/me/history'))).toBe(false);
  });

  it('shows continue listening for a signed-in user', async () => {
    mockFetch({
      'GET /api/books': ok(page([])),
      'GET /api/limited-free': ok(page([])),
      'GET /api/categories': ok([]),
      'GET /api/me/history': ok(
        page([
          {
            book: book(5, { title: '在听的书' }),
            chapter: { id: 9, index: 2, title: '第二章', titleLang: 'zh' },
            positionSecs: 30,
            durationSecs: 60,
            updatedAt: Date.now(),
          },
        ]),
      ),
    });
    renderApp('/', { user: users.free });
    expect(await screen.findByRole('heading', { level: 2, name: '继续收听' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '在听的书' })).toBeInTheDocument();
    expect(screen.getAllByText('暂时还没有内容').length).toBeGreaterThan(0);
  });

  it('comes back from a book to the cached home at once: nothing asked again, no skeleton', async () => {
    const { calls } = mockFetch({
      'GET /api/books': ok(page([book(1, { title: '热门书' })])),
      'GET /api/limited-free': ok(page([book(3, { title: '限免书' })])),
      'GET /api/categories': ok(categories),
      'GET /api/books/1': ok(bookDetail(1, { title: '热门书' })),
      'GET /api/books/1/chapters': ok(page([chapter(1)])),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/');
    expect(await screen.findByRole('link', { name: /武侠/ }, { timeout: 5000 })).toBeInTheDocument();
    // Every section has its data: no skeleton left, not even one still waiting out its 200 ms.
    await waitFor(() => expect(document.querySelectorAll('.skeleton')).toHaveLength(0));
    const asked = (path: string) => calls.filter((call) => call.method === 'GET' && call.url.includes(path)).length;
    const homeAsks = () => [
      asked('/api/books?sort=popular&'),
      asked('/api/books?sort=newest&'),
      asked('/api/books?sort=rating&'),
      asked('/api/limited-free'),
      asked('/api/categories'),
    ];
    expect(homeAsks()).toEqual([1, 1, 1, 1, 1]);

    await user.click(screen.getAllByRole('link', { name: '热门书' })[0]);
    expect(await screen.findByRole('heading', { level: 1, name: '热门书' })).toBeInTheDocument();
    await act(() => router.navigate(-1));

    // The home is back in the same render: its sections from the cache, no skeleton, no request.
    expect(screen.getByRole('link', { name: '限免书' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /武侠/ })).toBeInTheDocument();
    expect(document.querySelectorAll('.skeleton')).toHaveLength(0);
    expect(homeAsks()).toEqual([1, 1, 1, 1, 1]);
  });

  it('shows skeletons while loading and an error with retry when a section fails', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    mockFetch({
      'GET /api/books': async () => {
        await gate;
        return apiError(500, 'internal', '服务器错误');
      },
      'GET /api/limited-free': ok(page([])),
      'GET /api/categories': ok([]),
    });
    renderApp('/');
    expect((await screen.findAllByRole('status', { name: '加载中…' })).length).toBeGreaterThan(0);
    release();
    expect((await screen.findAllByText('服务器错误')).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: '重试' }).length).toBeGreaterThan(0);
  });
});

describe('/books', () => {
  it('never skips a heading level: the page’s h1, then each book as an h2', async () => {
    mockFetch({
      'GET /api/books': ok(page([book(1, { title: '第一本' }), book(2, { title: '第二本' })], 2)),
      'GET /api/categories': ok(categories),
    });
    renderApp('/books');
    expect(await screen.findByRole('heading', { level: 2, name: '第一本' }, { timeout: 5000 })).toBeInTheDocument();
    const levels = within(screen.getByRole('main'))
      .getAllByRole('heading')
      .map((heading) => Number(heading.tagName.slice(1)));
    expect(levels).toEqual([1, 2, 2]);
  });

  it('lists books and puts filter changes into the address', async () => {
    const { calls } = mockFetch({
      'GET /api/books': ok(page([book(1, { title: '第一本' })], 45)),
      'GET /api/categories': ok(categories),
    });
    const user = userEvent.setup();
    const { location } = renderApp('/books?category=wuxia');
    expect(await screen.findByRole('link', { name: '第一本' })).toBeInTheDocument();
    expect(screen.getByText('共 45 本')).toBeInTheDocument();
    expect(calls.at(-1)!.url).toContain('category=wuxia');

    await user.selectOptions(screen.getByLabelText('状态'), 'finished');
    await waitFor(() => expect(location().search).toBe('?category=wuxia&status=finished'));
    await waitFor(() => expect(calls.some((c) => c.url.includes('status=finished'))).toBe(true));

    await user.click(await screen.findByRole('button', { name: '下一页' }));
    await waitFor(() => expect(new URLSearchParams(location().search).get('page')).toBe('2'));
    await user.selectOptions(screen.getByLabelText('排序'), 'newest');
    await waitFor(() => expect(location().search).toBe('?category=wuxia&status=finished&sort=newest'));
  });

  const tags: Items<TagCount> = {
    items: [
      { id: 3, name: '治愈', label: '治愈', lang: 'zh', bookCount: 1234 },
      { id: 1, name: '推理', label: '推理', lang: 'zh', bookCount: 2 },
    ],
  };

  it('filters by tag from a labelled select whose value lives in the address', async () => {
    const { calls } = mockFetch({
      'GET /api/books': ok(page([book(1)])),
      'GET /api/categories': ok(categories),
      'GET /api/tags': ok(tags),
    });
    const user = userEvent.setup();
    const { location } = renderApp('/books?tag=%E6%B2%BB%E6%84%88&status=finished');
    const select = await screen.findByRole('combobox', { name: '标签' });
    expect(await within(select).findByRole('option', { name: '治愈（1,234）' })).toBeInTheDocument();
    expect(select).toHaveValue('治愈');
    await waitFor(() =>
      expect(calls.some((c) => new URL(c.url, 'http://x').searchParams.get('tag') === '治愈')).toBe(true),
    );

    select.focus();
    await user.selectOptions(select, '推理');
    await waitFor(() => expect(new URLSearchParams(location().search).get('tag')).toBe('推理'));
    expect(new URLSearchParams(location().search).get('status')).toBe('finished');
    await waitFor(() =>
      expect(calls.some((c) => new URL(c.url, 'http://x').searchParams.get('tag') === '推理')).toBe(true),
    );

    await user.selectOptions(select, '全部');
    await waitFor(() => expect(location().search).toBe('?status=finished'));
  });

  it('keeps a tag from the address selected even when the list does not have it, labelled in Japanese', async () => {
    mockFetch({ 'GET /api/books': ok(page([])), 'GET /api/categories': ok(categories), 'GET /api/tags': ok(tags) });
    renderApp('/ja/books?tag=%E5%8F%A4%E8%91%A3');
    const select = await screen.findByRole('combobox', { name: 'タグ' });
    expect(await within(select).findByRole('option', { name: '推理（2）' })).toBeInTheDocument();
    expect(select).toHaveValue('古董');
  });

  it('reads a page the server would refuse as page 1 (core page rule)', async () => {
    const { calls } = mockFetch({
      'GET /api/books': ok(page([])),
      'GET /api/categories': ok(categories),
      'GET /api/tags': ok(tags),
    });
    renderApp('/books?page=2000000');
    await waitFor(() => expect(calls.some((c) => c.url.includes('/api/books?'))).toBe(true));
    const pages = calls
      .filter((c) => c.url.includes('/api/books?'))
      .map((c) => new URL(c.url, 'http://x').searchParams.get('page'));
    expect(pages.every((value) => value === '1')).toBe(true);
  });

  it('keeps the language prefix when filtering', async () => {
    mockFetch({ 'GET /api/books': ok(page([])), 'GET /api/categories': ok(categories) });
    const user = userEvent.setup();
    const { location } = renderApp('/en/books');
    expect(await screen.findByText('No books match these filters. Try others.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Access'), 'vip');
    await waitFor(() => expect(location().pathname + location().search).toBe('/en/books?access=vip'));
  });
});

describe('/books/{id}', () => {
  const chapters = page(
    [
      chapter(1),
      chapter(2, { isFree: false, access: { kind: 'membership', allowed: false } }),
      chapter(3, { isFree: false, access: { kind: 'purchased', allowed: true }, durationSecs: 3725 }),
    ],
    3,
    100,
  );

  it('shows the book, price, markers and durations', async () => {
    mockFetch({
      'GET /api/books/7': ok(
        bookDetail(7, { title: '七号书', access: 'paid', price: { cny: 1990, usd: 299, jpy: 300 } }),
      ),
      'GET /api/books/7/chapters': ok(chapters),
    });
    renderApp('/books/7');
    expect(await screen.findByRole('heading', { level: 1, name: '七号书' })).toBeInTheDocument();
    // The tab is titled with the book, not the route's generic name.
    await waitFor(() => expect(document.title).toBe('七号书 - 听书'));
    expect(screen.getAllByText('¥19.90').length).toBeGreaterThan(0);
    expect(screen.getByText('第二段简介')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '第2章' })).toHaveAttribute('href', '/books/7/chapters/2');
    expect(screen.getByText('VIP')).toBeInTheDocument();
    expect(screen.getByText('已购')).toBeInTheDocument();
    expect(screen.getByText('01:02:05')).toBeInTheDocument();
    expect(screen.getByText('后可加入书架和收藏')).toBeInTheDocument();
  });

  it('links each tag to the catalogue filtered by it', async () => {
    mockFetch({
      'GET /api/books/7': ok(bookDetail(7, { tags: [tag('治愈'), tag('短篇')] })),
      'GET /api/books/7/chapters': ok(chapters),
    });
    renderApp('/en/books/7');
    const tagLink = await screen.findByRole('link', { name: '治愈' });
    expect(tagLink).toHaveAttribute('href', `/en/books?tag=${encodeURIComponent('治愈')}`);
    expect(screen.getByRole('link', { name: '短篇' })).toHaveAttribute(
      'href',
      `/en/books?tag=${encodeURIComponent('短篇')}`,
    );
    expect(screen.getByText('Tags')).toBeInTheDocument();
  });

  it('toggles bookshelf and favorite for a signed-in user', async () => {
    const { callsTo } = mockFetch({
      'GET /api/books/7': ok(
        bookDetail(7, { me: { onBookshelf: false, favorite: true, lastChapterId: null, lastPositionSecs: null } }),
      ),
      'GET /api/books/7/chapters': ok(chapters),
      'PUT /api/me/bookshelf/7': ok({ added: true }),
      'DELETE /api/me/favorites/7': ok({ removed: true }),
    });
    const user = userEvent.setup();
    renderApp('/books/7', { user: users.free });
    await user.click(await screen.findByRole('button', { name: '加入书架' }));
    expect(await screen.findByRole('button', { name: '已在书架' })).toHaveAttribute('aria-pressed', 'true');
    expect(callsTo('PUT', '/api/me/bookshelf/7')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: '已收藏' }));
    expect(await screen.findByRole('button', { name: '收藏' })).toHaveAttribute('aria-pressed', 'false');
    expect(callsTo('DELETE', '/api/me/favorites/7')).toHaveLength(1);
  });

  it("forgets a user's book state when they sign out, and asks again as a guest", async () => {
    const signedIn = { onBookshelf: true, favorite: false, lastChapterId: null, lastPositionSecs: null };
    const { callsTo } = mockFetch({
      'GET /api/books/7': (call) => ok(bookDetail(7, { me: call.headers.Authorization ? signedIn : null })),
      'GET /api/books/7/chapters': ok(chapters),
    });
    const { queryClient } = renderApp('/books/7', { user: users.free });
    expect(await screen.findByRole('button', { name: '已在书架' })).toBeInTheDocument();
    expect(queryClient.getQueryCache().findAll({ queryKey: ['viewer', users.free.id] }).length).toBeGreaterThan(0);

    act(() => authStore.clearSession());
    expect(await screen.findByText('后可加入书架和收藏')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '已在书架' })).not.toBeInTheDocument();
    expect(callsTo('GET', '/api/books/7').at(-1)!.headers.Authorization).toBeUndefined();
    expect(queryClient.getQueryCache().findAll({ queryKey: ['viewer', users.free.id] })).toHaveLength(0);
  });

  it('shows the 404 screen for an unknown book, titled as the spec says (§2, §8)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({
      'GET /api/books/9': apiError(404, 'not_found', '书籍不存在'),
      'GET /api/books/9/chapters': apiError(404, 'not_found', '书籍不存在'),
    });
    renderApp('/books/9');
    const screenAlert = await screen.findByRole('alert');
    expect(screenAlert).toHaveTextContent('404');
    expect(screenAlert).toHaveTextContent('Page Not Found: /books/9');
    await waitFor(() => expect(document.title).toBe('Error 404 - 听书'));
  });

  it('keeps another failure of a book on the page, with a retry', async () => {
    mockFetch({
      'GET /api/books/9': [json(503, null), json(503, null), ok(bookDetail(9))],
      'GET /api/books/9/chapters': ok(page([])),
    });
    renderApp('/books/9');
    const failure = await screen.findByRole('alert');
    await userEvent.click(within(failure).getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
  });
});

describe('chapter view', () => {
  it('shows the 404 screen for an unknown chapter', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ 'GET /api/chapters/404404': apiError(404, 'not_found', '章节不存在') });
    renderApp('/books/7/chapters/404404');
    expect(await screen.findByRole('alert')).toHaveTextContent('Page Not Found: /books/7/chapters/404404');
  });

  it('shows the chapter with prev/next and the login message for a locked chapter', async () => {
    mockFetch({
      'GET /api/chapters/2': ok(
        chapterDetail(2, { audio: null, isFree: false, access: { kind: 'login', allowed: false } }),
      ),
    });
    renderApp('/books/7/chapters/2');
    expect(await screen.findByRole('heading', { level: 1, name: '第2章' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^第2章 · .+ - 听书$/));
    const notice = screen.getByTestId('player-access');
    expect(notice).toHaveTextContent('登录后即可收听本章');
    expect(within(notice).getByRole('link', { name: '登录' })).toHaveAttribute(
      'href',
      '/auth/login?redirect=%2Fbooks%2F7%2Fchapters%2F2',
    );
    expect(screen.getByRole('link', { name: '上一章' })).toHaveAttribute('href', '/books/7/chapters/1');
    expect(screen.getByRole('link', { name: '下一章' })).toHaveAttribute('href', '/books/7/chapters/3');
  });
});

describe('chapter view access notices', () => {
  it('sends a chapter to buy to its book’s buy section, in the page’s language', async () => {
    mockFetch({
      'GET /api/chapters/2': ok(
        chapterDetail(2, { audio: null, isFree: false, access: { kind: 'purchase', allowed: false } }),
      ),
    });
    renderApp('/en/books/7/chapters/2', { lang: 'en' });
    const notice = await screen.findByTestId('player-access', undefined, { timeout: 5000 });
    expect(within(notice).getByRole('link')).toHaveAttribute('href', '/en/books/7#buy');
  });

  it('sends a members-only chapter to the upgrade page with the reason and the way back', async () => {
    mockFetch({
      'GET /api/chapters/2': ok(
        chapterDetail(2, { audio: null, isFree: false, access: { kind: 'membership', allowed: false } }),
      ),
    });
    renderApp('/books/7/chapters/2', { user: users.free });
    const notice = await screen.findByTestId('player-access', undefined, { timeout: 5000 });
    expect(within(notice).getByRole('link', { name: '开通会员' })).toHaveAttribute(
      'href',
      '/premium?redirect=%2Fbooks%2F7%2Fchapters%2F2&reason=premium_required',
    );
  });
});

describe('categories, limited free, recommendations', () => {
  it('lists categories with links to the filtered list', async () => {
    mockFetch({ 'GET /api/categories': ok([{ ...categories[0], children: [{ ...categories[1], parentId: 1 }] }]) });
    renderApp('/categories');
    expect(await screen.findByRole('link', { name: '科幻' })).toHaveAttribute('href', '/books?category=scifi');
  });

  it('shows the countdown of each campaign', async () => {
    mockFetch({
      'GET /api/limited-free': ok(
        page([book(1, { title: '限免甲', freeUntil: Date.now() + 2 * 86_400_000 + 3_600_000 })]),
      ),
    });
    renderApp('/en/limited-free');
    expect(await screen.findByRole('link', { name: '限免甲' })).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/Free for another 2 d (01:00:00|59:5\d)/);
  });

  it('shows an empty state when no campaign runs', async () => {
    mockFetch({ 'GET /api/limited-free': ok(page([])) });
    renderApp('/limited-free');
    expect(await screen.findByText('目前没有限免活动')).toBeInTheDocument();
  });

  it('explains why each book is recommended', async () => {
    mockFetch({
      'GET /api/recommendations': ok({
        items: [
          { book: book(1, { title: '推荐一' }), reason: { kind: 'author', name: '金笔' } },
          { book: book(2, { title: '推荐二' }), reason: { kind: 'popular', name: null } },
        ],
      }),
    });
    renderApp('/recommendations');
    expect(await screen.findByText('因为你喜欢作者 金笔')).toBeInTheDocument();
    expect(screen.getByText('大家都在听')).toBeInTheDocument();
  });
});
