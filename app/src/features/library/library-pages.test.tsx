// The listener's library pages: server data, empty states, remove one and clear all; a favourite
// the server took noted as a favourite event.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HistoryItem } from '@/lib/api/types';
import { takeEvents, type NotedEvent } from '@/lib/behavior-events';
import { book, bookDetail, chapter, page } from '@/testing/catalog-fixtures';
import { apiError, mockFetch, ok } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';

const entry = (id: number, title: string): HistoryItem => ({
  book: book(id, { title }),
  chapter: { id: id * 10, index: 1, title: `${title}第一章`, titleLang: 'zh' },
  positionSecs: 30,
  durationSecs: 120,
  updatedAt: Date.now() - 60_000,
});

describe('library', () => {
  it('lists the bookshelf with progress and removes a book', async () => {
    const { callsTo } = mockFetch({
      'GET /api/me/bookshelf': ok(
        page([
          {
            book: book(1, { title: '架上书' }),
            addedAt: Date.now(),
            progress: {
              chapterId: 3,
              chapterTitle: '第三章',
              chapterTitleLang: 'zh',
              positionSecs: 65,
              durationSecs: 125,
              updatedAt: Date.now(),
            },
          },
        ]),
      ),
      'DELETE /api/me/bookshelf/1': ok({ removed: true }),
    });
    const user = userEvent.setup();
    renderApp('/bookshelf', { user: users.free });
    expect(await screen.findByRole('link', { name: '架上书' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/第三章 · 01:05 \/ 02:05/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '移除《架上书》' }));
    expect(await screen.findByText('书架还是空的')).toBeInTheDocument();
    expect(callsTo('DELETE', '/api/me/bookshelf/1')).toHaveLength(1);
  });

  it('asks for the favourites again after a book was favourited on its page', async () => {
    const favourite = { book: book(7, { title: '七号书' }), addedAt: Date.now(), progress: null };
    const { callsTo } = mockFetch({
      'GET /api/me/favorites': [ok(page([])), ok(page([favourite]))],
      'GET /api/books/7': ok(bookDetail(7, { title: '七号书' })),
      'GET /api/books/7/chapters': ok(page([chapter(1)])),
      'PUT /api/me/favorites/7': ok({ added: true }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/favorites', { user: users.free });
    expect(await screen.findByText('还没有收藏的书', undefined, { timeout: 5000 })).toBeInTheDocument();

    await act(() => router.navigate('/books/7'));
    await user.click(await screen.findByRole('button', { name: '收藏' }));
    expect(await screen.findByRole('button', { name: '已收藏' })).toBeInTheDocument();
    await act(() => router.navigate(-1));

    // The cached empty list was made stale by the write: the page asks again and shows the book.
    expect(await screen.findByRole('link', { name: '七号书' })).toBeInTheDocument();
    expect(callsTo('GET', '/api/me/favorites')).toHaveLength(2);
  });

  it('notes a favourite added on its page and removed from the list once the server took each, none when refused', async () => {
    takeEvents(() => {})();
    const taken: NotedEvent[] = [];
    const stop = takeEvents((event) => taken.push(event));
    const favourite = { book: book(7, { title: '七号书' }), addedAt: Date.now(), progress: null };
    mockFetch({
      'GET /api/books/7': ok(bookDetail(7, { title: '七号书' })),
      'GET /api/books/7/chapters': ok(page([chapter(1)])),
      'PUT /api/me/favorites/7': [apiError(403, 'forbidden', 'Not now'), ok({ added: true })],
      'GET /api/me/favorites': ok(page([favourite])),
      'DELETE /api/me/favorites/7': ok({ removed: true }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/books/7', { user: users.free });
    await user.click(await screen.findByRole('button', { name: '收藏' }, { timeout: 5000 }));
    await waitFor(() => expect(screen.getByRole('button', { name: '收藏' })).toBeEnabled());
    expect(taken).toEqual([]);
    await user.click(screen.getByRole('button', { name: '收藏' }));
    expect(await screen.findByRole('button', { name: '已收藏' })).toBeInTheDocument();
    expect(taken).toEqual([expect.objectContaining({ kind: 'favorite', bookId: 7, action: 'add' })]);

    await act(() => router.navigate('/favorites'));
    await user.click(await screen.findByRole('button', { name: '移除《七号书》' }));
    await waitFor(() => expect(taken).toHaveLength(2));
    expect(taken[1]).toMatchObject({ kind: 'favorite', bookId: 7, action: 'remove' });
    stop();
  });

  it('shows empty favorites', async () => {
    mockFetch({ 'GET /api/me/favorites': ok(page([])) });
    renderApp('/favorites', { user: users.free });
    expect(await screen.findByText('还没有收藏的书')).toBeInTheDocument();
  });

  it('clears one history entry, then all', async () => {
    const { callsTo } = mockFetch({
      'GET /api/me/history': ok(page([entry(1, '甲书'), entry(2, '乙书')])),
      'DELETE /api/me/history/1': ok({ cleared: 1 }),
      'DELETE /api/me/history': ok({ cleared: 1 }),
    });
    const user = userEvent.setup();
    renderApp('/user/play-history', { user: users.free });
    await user.click(await screen.findByRole('button', { name: '移除《甲书》' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: '甲书' })).not.toBeInTheDocument());
    expect(callsTo('DELETE', '/api/me/history/1')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: '清空历史' }));
    // A dialog asks first; cancelling keeps everything.
    const dialog = await screen.findByRole('alertdialog', { name: '确定清空全部收听历史吗？' });
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(callsTo('DELETE', '/api/me/history')).toHaveLength(0);
    // The focus is back on the button that asked.
    await waitFor(() => expect(screen.getByRole('button', { name: '清空历史' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: '清空历史' }));
    const again = await screen.findByRole('alertdialog');
    await user.click(within(again).getByRole('button', { name: '清空历史' }));
    expect(await screen.findByText('还没有收听记录')).toBeInTheDocument();
    expect(callsTo('DELETE', '/api/me/history')).toHaveLength(1);
  });

  it('shows the history in English, marking the titles that have no translation as Chinese', async () => {
    mockFetch({
      'GET /api/me/history': ok(
        page([
          {
            ...entry(1, 'The Time Pawnshop'),
            book: book(1, { title: 'The Time Pawnshop', titleLang: 'en' }),
            chapter: { id: 10, index: 1, title: 'Chapter 1', titleLang: 'en' },
          },
          { ...entry(2, '未译之书'), chapter: { id: 20, index: 1, title: '第1章', titleLang: 'zh' } },
        ]),
      ),
    });
    renderApp('/en/history', { user: users.free, lang: 'en' });
    // Text in the page's language is not marked.
    const translated = await screen.findByText(/^Chapter 1 · 00:30/, undefined, { timeout: 5000 });
    expect(translated.closest('[lang]')).toBe(document.documentElement);
    expect(screen.getByRole('link', { name: 'The Time Pawnshop' }).querySelector('[lang]')).toBeNull();
    expect(screen.getByText('第1章')).toHaveAttribute('lang', 'zh');
    expect(screen.getByText('未译之书')).toHaveAttribute('lang', 'zh');
  });

  it('shows the bookshelf in Japanese, marking the titles that have no translation as Chinese', async () => {
    const progress = { chapterId: 10, positionSecs: 19, durationSecs: 36, updatedAt: Date.now() };
    mockFetch({
      'GET /api/me/bookshelf': ok(
        page([
          {
            book: book(1, { title: '時間質屋', titleLang: 'ja', author: { id: 1, name: '作者', lang: 'zh' } }),
            addedAt: Date.now(),
            progress: { ...progress, chapterTitle: '第1話', chapterTitleLang: 'ja' },
          },
          {
            book: book(2, { title: '未译之书' }),
            addedAt: Date.now(),
            progress: { ...progress, chapterId: 20, chapterTitle: '第1章', chapterTitleLang: 'zh' },
          },
        ]),
      ),
    });
    renderApp('/ja/bookshelf', { user: users.free, lang: 'ja' });
    const translated = await screen.findByText(/^第1話 · 00:19/, undefined, { timeout: 5000 });
    expect(translated.closest('[lang]')).toBe(document.documentElement);
    expect(screen.getByText('第1章')).toHaveAttribute('lang', 'zh');
    expect(screen.getByText('未译之书')).toHaveAttribute('lang', 'zh');
    expect(screen.getByText('作者')).toHaveAttribute('lang', 'zh');
  });
});
