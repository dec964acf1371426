// The first pages a visitor opens (home, a book, the lists): their module and first data asked for at startup,
// and their room kept while they load, so nothing in view moves when they arrive.
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { CategoryNode, FirstData } from '@/lib/api/types';
import { createQueryClient } from '@/lib/queries/client';
import { book, bookDetail, chapter, page } from '@/testing/catalog-fixtures';
import { fakeIntersectionObserver, reportAllNear } from '@/testing/fake-intersection-observer';
import { mockFetch, ok, storeSession } from '@/testing/fetch';
import { createTestI18n } from '@/testing/i18n';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';
import { preloadPage, publicRouteAt } from './preload-page';
import { AppProvider } from './provider';
import { routeTable } from './route-table';
import { RootRoutes } from './routes';
import { startupViewer } from './startup-viewer';

const categories: CategoryNode[] = [
  {
    id: 1,
    slug: 'wuxia',
    name: '武侠',
    names: { zh: '武侠', en: 'Wuxia', ja: '武侠' },
    parentId: null,
    bookCount: 4,
    coverUrls: [],
    children: [],
  },
];
const guest = { lang: 'zh' as const, userId: null };
/** An answer that never comes: the page stays loading. */
const never = () => new Promise<never>(() => undefined);

/** The app at `path` with a cache the test filled before the first render, as `main.tsx` does. */
function renderWithCache(path: string, queryClient: QueryClient) {
  return render(
    <AppProvider i18n={createTestI18n('zh')} queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <RootRoutes />
      </MemoryRouter>
    </AppProvider>,
  );
}

/** Puts `data` in the page as the server sends it (`server/src/routes/first_data.rs`). */
function sendFirstData(data: FirstData) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'first-data';
  element.textContent = JSON.stringify(data);
  document.body.append(element);
}

afterEach(() => {
  window.localStorage.clear();
  document.getElementById('first-data')?.remove();
});

describe('the page an address opens', () => {
  it('is found among the public routes with its params', () => {
    expect(publicRouteAt('/books/3')?.route.name).toBe('bookDetail');
    expect(publicRouteAt('/books/3')?.params).toMatchObject({ id: '3' });
    expect(publicRouteAt('/')?.route.name).toBe('home');
    expect(publicRouteAt('/search')?.route.name).toBe('search');
    // A guest's page too: its module is fetched ahead like a public one's.
    expect(publicRouteAt('/auth/login')?.route.name).toBe('login');
    expect(publicRouteAt('/auth/register')?.route.name).toBe('register');
  });

  it('is not fetched ahead behind a guard, nor for an address no route has', () => {
    expect(publicRouteAt('/admin')).toBeUndefined();
    expect(publicRouteAt('/bookshelf')).toBeUndefined();
    expect(publicRouteAt('/no/such/page')).toBeUndefined();
  });

  it('has no data asked for ahead when the route refuses its params', async () => {
    const preload = vi.fn(() => Promise.resolve());
    const table = routeTable.map((route) =>
      route.name === 'bookDetail' ? { ...route, page: Object.assign(() => null, { preload }) } : route,
    );
    await preloadPage('/books/0', { queryClient: createQueryClient(), lang: 'zh', search: '', viewer: guest }, table);
    expect(preload).toHaveBeenCalledExactlyOnceWith(undefined);
  });
});

describe('the first data, asked for at startup', () => {
  it('is the popular shelf the home page opens with; the sections below ask once they are near', async () => {
    const { calls } = mockFetch({
      'GET /api/books': ok(page([book(1)])),
      'GET /api/limited-free': ok(page([])),
      'GET /api/categories': ok(categories),
    });
    const asked = () =>
      calls.map((call) => new URL(call.url, 'http://x').pathname + new URL(call.url, 'http://x').search);
    const queryClient = createQueryClient();
    await preloadPage('/', { queryClient, lang: 'zh', search: '', viewer: guest });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(asked()).toEqual(['/api/books?sort=popular&pageSize=6']);

    const observers = fakeIntersectionObserver();
    renderWithCache('/', queryClient);
    expect(await screen.findByRole('heading', { level: 2, name: '热门有声书' }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /书1/ })).toBeInTheDocument();
    expect(calls).toHaveLength(1);

    act(() => reportAllNear(observers));
    expect(await screen.findByRole('link', { name: /武侠/ })).toBeInTheDocument();
    await waitFor(() => expect(calls).toHaveLength(5));
    expect(asked()).toEqual(
      expect.arrayContaining([
        '/api/books?sort=newest&pageSize=6',
        '/api/books?sort=rating&pageSize=6',
        '/api/limited-free',
        '/api/categories',
      ]),
    );
  });

  it("is what a book's page reads, for a visitor nobody is signed in as", async () => {
    const { calls } = mockFetch({
      'GET /api/books/7': ok(bookDetail(7, { title: '先到的书' })),
      'GET /api/books/7/chapters': ok(page([chapter(1)], 1, 100)),
    });
    const queryClient = createQueryClient();
    await preloadPage('/books/7', { queryClient, lang: 'zh', search: '', viewer: guest });
    await waitFor(() => expect(calls).toHaveLength(2));
    renderWithCache('/books/7', queryClient);
    expect(await screen.findByRole('heading', { level: 1, name: '先到的书' }, { timeout: 5000 })).toBeInTheDocument();
    expect(calls.filter((call) => call.url.includes('/api/books/7/chapters'))).toHaveLength(1);
    expect(calls.filter((call) => call.url.endsWith('/api/books/7'))).toHaveLength(1);
  });

  it('waits for a stored session to be restored before asking for answers made per listener', async () => {
    const { calls } = mockFetch({});
    storeSession(users.free);
    expect(startupViewer('zh')).toBeNull();
    await preloadPage('/books/7', {
      queryClient: createQueryClient(),
      lang: 'zh',
      search: '',
      viewer: startupViewer('zh'),
    });
    expect(calls.map((c) => c.url)).toEqual([]);
  });

  it('is not asked for when the server sent it in the page, in the same language', async () => {
    const { calls } = mockFetch({});
    sendFirstData({ lang: 'zh', popular: page([book(1, { title: '随页而来' })], 1, 6) });
    const queryClient = createQueryClient();
    await preloadPage('/', { queryClient, lang: 'zh', search: '', viewer: guest });
    renderWithCache('/', queryClient);
    expect(await screen.findByRole('link', { name: /随页而来/ }, { timeout: 5000 })).toBeInTheDocument();
    // (The shelves below ask for theirs: this test has no IntersectionObserver, so all are near.)
    expect(calls.filter((call) => call.url.includes('sort=popular'))).toHaveLength(0);
    // Taken once: nothing is left for a later answer to be mistaken for.
    expect(document.getElementById('first-data')).toBeNull();
  });

  it('gives a guest the book the server sent with its page, and a signed-in listener their own', async () => {
    const sent = {
      lang: 'zh' as const,
      book: bookDetail(7, { title: '随页而来' }),
      chapters: page([chapter(1)], 1, 100),
    };
    const { calls } = mockFetch({
      'GET /api/books/7': ok(bookDetail(7, { title: '问来的书' })),
      'GET /api/books/7/chapters': ok(page([chapter(1)], 1, 100)),
    });
    sendFirstData(sent);
    const queryClient = createQueryClient();
    await preloadPage('/books/7', { queryClient, lang: 'zh', search: '', viewer: guest });
    renderWithCache('/books/7', queryClient);
    expect(await screen.findByRole('heading', { level: 1, name: '随页而来' }, { timeout: 5000 })).toBeInTheDocument();
    const bookOrChapters = () =>
      calls.filter((call) => /\/api\/books\/7(\/chapters|$)/.test(new URL(call.url, 'http://x').pathname));
    expect(bookOrChapters()).toHaveLength(0);

    sendFirstData(sent);
    await preloadPage('/books/7', {
      queryClient: createQueryClient(),
      lang: 'zh',
      search: '',
      viewer: { lang: 'zh', userId: 4 },
    });
    await waitFor(() => expect(bookOrChapters()).toHaveLength(2));
  });

  it('is asked for when what the server sent is in another language, or for another book', async () => {
    const { calls } = mockFetch({
      'GET /api/books': ok(page([book(1)])),
      'GET /api/books/7': ok(bookDetail(7)),
      'GET /api/books/7/chapters': ok(page([chapter(1)], 1, 100)),
    });
    sendFirstData({ lang: 'en', popular: page([book(1)], 1, 6) });
    await preloadPage('/', { queryClient: createQueryClient(), lang: 'zh', search: '', viewer: guest });
    await waitFor(() => expect(calls).toHaveLength(1));
    sendFirstData({ lang: 'zh', book: bookDetail(8), chapters: page([chapter(1)], 1, 100) });
    await preloadPage('/books/7', { queryClient: createQueryClient(), lang: 'zh', search: '', viewer: guest });
    await waitFor(() => expect(calls).toHaveLength(3));
  });

  it('gives the book list, the categories, limited-free and recommendations the list the server sent', async () => {
    const sent: [string, FirstData, RegExp][] = [
      ['/books', { lang: 'zh', books: page([book(1, { title: '列表的书' })]) }, /列表的书/],
      ['/categories', { lang: 'zh', categories }, /武侠/],
      ['/limited-free', { lang: 'zh', limitedFree: page([book(2, { title: '限免的书' })]) }, /限免的书/],
      [
        '/recommendations',
        {
          lang: 'zh',
          recommendations: {
            items: [{ book: book(3, { title: '推荐的书' }), reason: { kind: 'popular', name: null } }],
          },
        },
        /推荐的书/,
      ],
    ];
    for (const [path, data, shown] of sent) {
      // The book list's filters (categories, tags) are asked for; the page's own list is not.
      const { calls } = mockFetch({ 'GET /api/categories': ok(categories), 'GET /api/tags': ok({ items: [] }) });
      sendFirstData(data);
      const queryClient = createQueryClient();
      await preloadPage(path, { queryClient, lang: 'zh', search: '', viewer: guest });
      const { unmount } = renderWithCache(path, queryClient);
      expect(await screen.findByRole('link', { name: shown }, { timeout: 5000 })).toBeInTheDocument();
      const asked = calls.map((call) => new URL(call.url, 'http://x').pathname);
      expect(asked, path).not.toContain(`/api${path}`);
      expect(document.getElementById('first-data'), path).toBeNull();
      unmount();
    }
  });

  it("asks for a filtered book list and a listener's recommendations itself", async () => {
    const { calls } = mockFetch({
      'GET /api/books': ok(page([book(1)])),
      'GET /api/recommendations': ok({ items: [] }),
    });
    sendFirstData({ lang: 'zh', books: page([book(9)]) });
    await preloadPage('/books', {
      queryClient: createQueryClient(),
      lang: 'zh',
      search: '?sort=newest',
      viewer: guest,
    });
    // The page reads its filters once it renders; nothing is taken or asked for ahead.
    expect(calls).toHaveLength(0);
    expect(document.getElementById('first-data')).not.toBeNull();
    document.getElementById('first-data')?.remove();

    await preloadPage('/books', { queryClient: createQueryClient(), lang: 'zh', search: '', viewer: guest });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(new URL(calls[0].url, 'http://x').search).toBe('?sort=popular&page=1&pageSize=20');

    sendFirstData({
      lang: 'zh',
      recommendations: { items: [{ book: book(3), reason: { kind: 'popular', name: null } }] },
    });
    await preloadPage('/recommendations', {
      queryClient: createQueryClient(),
      lang: 'zh',
      search: '',
      viewer: { lang: 'zh', userId: 4 },
    });
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(new URL(calls[1].url, 'http://x').pathname).toBe('/api/recommendations');
  });

  it('is asked for as the signed-out visitor when no session is stored', () => {
    expect(startupViewer('en')).toEqual({ lang: 'en', userId: null });
  });
});

describe('while a first page loads', () => {
  it("keeps the screen's height while the page's module loads, so the footer stays below the fold", async () => {
    // The search page: a module no other test here has loaded yet.
    mockFetch({ 'GET /api/categories': never });
    const { container } = renderApp('/search');
    expect(container.querySelector('.page-pending')).not.toBeNull();
    await waitFor(() => expect(container.querySelector('.page-pending')).toBeNull(), { timeout: 5000 });
  });

  it("shows a book's page with its cover's box and the screen's height kept until the book arrives", async () => {
    mockFetch({ 'GET /api/books/3': never, 'GET /api/books/3/chapters': never });
    const { container } = renderApp('/books/3');
    await waitFor(() => expect(container.querySelector('.book-detail--pending')).not.toBeNull(), { timeout: 5000 });
    const pending = container.querySelector('.book-detail--pending');
    expect(pending?.querySelector('.book-detail__head > .cover.cover--lg')).not.toBeNull();
    expect(await screen.findByRole('status', { name: '加载中…' })).toBeInTheDocument();
  });

  it('shows each home shelf as six cards built like loaded ones (cover, title, two lines)', async () => {
    mockFetch({ 'GET /api/books': never, 'GET /api/limited-free': never, 'GET /api/categories': never });
    renderApp('/');
    // Announced after the loading indicator's delay, like every skeleton.
    // Each shelf's delay runs on its own: wait until all four are announced.
    const shelves = await waitFor(
      () => {
        const shown = screen
          .getAllByRole('status', { name: '加载中…' })
          .filter((status) => status.classList.contains('shelf-skeleton'));
        expect(shown).toHaveLength(4);
        return shown;
      },
      { timeout: 5000 },
    );
    for (const shelf of shelves) {
      const cards = shelf.querySelectorAll('.book-grid > .book-card');
      expect(cards).toHaveLength(6);
      for (const card of cards) {
        expect(card.querySelector('.book-card__link > .cover')).not.toBeNull();
        expect(card.querySelector('.book-card__title')).not.toBeNull();
        expect(card.querySelectorAll('.book-card__meta')).toHaveLength(2);
      }
    }
  });
});
