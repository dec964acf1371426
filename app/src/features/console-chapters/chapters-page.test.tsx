// Chapters across books: rows linking to the chapter and its book's chapters, the search and the
// filters in the address (and sent to the server), and the empty states.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { page } from '@/testing/catalog-fixtures';
import { mockFetch, ok, type Call } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';
import { chapterRow } from './fixtures';

const listCalls = (calls: Call[]) =>
  calls
    .filter((call) => call.method === 'GET' && new URL(call.url, 'http://x').pathname === '/api/admin/chapters')
    .map((call) => new URL(call.url, 'http://x').searchParams);

describe('console chapters across books', () => {
  it('lists chapters with links to each and to its book, searches and filters through the address', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/chapters': (call) => {
        const audio = new URL(call.url, 'http://x').searchParams.get('audio');
        return ok(
          page(
            audio === 'missing'
              ? [chapterRow(8, '无声的一章', { bookId: 6, bookTitle: '活着', asset: null, idx: 4 })]
              : [chapterRow(3, '射手与农场主', { idx: 3, published: false })],
            audio === 'missing' ? 1 : 45,
          ),
        );
      },
    });
    const user = userEvent.setup();
    const { location } = renderApp('/admin/chapters', { user: users.editor });
    const link = await screen.findByRole('link', { name: '射手与农场主' }, { timeout: 5000 });
    expect(link).toHaveAttribute('href', '/admin/chapters/3/edit');
    const row = link.closest('tr')!;
    expect(within(row).getByRole('link', { name: '《三体》的全部章节' })).toHaveAttribute(
      'href',
      '/admin/books/5/chapters',
    );
    expect(within(row).getByText('未发布')).toBeInTheDocument();
    expect(within(row).getByText('12:34')).toBeInTheDocument();
    expect(screen.getByText('共 45 章')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: '分页' })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('音频'), 'missing');
    await waitFor(() => expect(new URLSearchParams(location().search).get('audio')).toBe('missing'));
    const silent = (await screen.findByRole('link', { name: '无声的一章' })).closest('tr')!;
    expect(within(silent).getByText('无音频')).toBeInTheDocument();
    expect(within(silent).getByRole('link', { name: '《活着》的全部章节' })).toHaveAttribute(
      'href',
      '/admin/books/6/chapters',
    );

    await user.type(screen.getByRole('searchbox', { name: '搜索章节' }), '无声{Enter}');
    await waitFor(() => expect(new URLSearchParams(location().search).get('q')).toBe('无声'));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('q')).toBe('无声'));
    expect(listCalls(calls).at(-1)?.get('audio')).toBe('missing');
    expect(listCalls(calls).at(-1)?.get('pageSize')).toBe('20');
  });

  it('tells an empty list from a list the filters emptied', async () => {
    mockFetch({ 'GET /api/admin/chapters': ok(page([])) });
    renderApp('/admin/chapters?published=false', { user: users.editor });
    expect(
      await screen.findByText('没有符合条件的章节，换个筛选试试', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('发布状态')).toHaveValue('false');
  });
});
