// The console's book list: rows from the API, the search in the address, bulk actions, empty state.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { page } from '@/testing/catalog-fixtures';
import { mockFetch, ok, type Call } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';
import { bookRow, category } from './fixtures';

/** The list requests sent, as URLs (their query is what the test looks at). */
const listCalls = (calls: Call[]) =>
  calls
    .filter((call) => call.method === 'GET' && new URL(call.url, 'http://x').pathname === '/api/admin/books')
    .map((call) => new URL(call.url, 'http://x'));

const categories = ok({ items: [category(3, '科幻'), category(4, '武侠')] });
const rows = [
  bookRow(1, '三体', { published: true, access: 'vip', author: '刘慈欣' }),
  bookRow(2, '活着', { categoryId: 4 }),
];

describe('console book list', () => {
  it('shows the rows from the API, and a search goes into ?q= and asks the server again', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/categories': categories,
      'GET /api/admin/books': (call) => {
        const q = new URL(call.url, 'http://x').searchParams.get('q');
        return ok(page(q ? rows.filter((row) => row.titleZh.includes(q)) : rows));
      },
    });
    const user = userEvent.setup();
    const { location } = renderApp('/admin/books', { user: users.admin });

    const first = (await screen.findByRole('link', { name: '三体' }, { timeout: 5000 })).closest('tr')!;
    expect(within(first).getByText('刘慈欣')).toBeInTheDocument();
    expect(within(first).getByText('科幻')).toBeInTheDocument();
    expect(within(first).getByText('会员')).toBeInTheDocument();
    expect(within(first).getByText('已上架')).toBeInTheDocument();
    // Numbers and times as core formats them (zh: 12,345 → 1.2万).
    expect(within(first).getByText('1.2万')).toBeInTheDocument();
    expect(within(first).getByText('1小时前')).toBeInTheDocument();
    const second = screen.getByRole('link', { name: '活着' }).closest('tr')!;
    expect(within(second).getByText('武侠')).toBeInTheDocument();
    expect(within(second).getByText('未上架')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '活着' })).toHaveAttribute('href', '/admin/books/2/edit');

    await user.type(screen.getByRole('searchbox', { name: '搜索作品' }), '活着');
    await waitFor(() => expect(new URLSearchParams(location().search).get('q')).toBe('活着'));
    await waitFor(() => expect(screen.queryByRole('link', { name: '三体' })).not.toBeInTheDocument());
    // The searched page may still be on its way once the old rows are gone.
    expect(await screen.findByRole('link', { name: '活着' }, { timeout: 5000 })).toBeInTheDocument();
    const searched = listCalls(calls).filter((url) => url.searchParams.has('q'));
    expect(searched.length).toBeGreaterThanOrEqual(1);
    expect(searched.at(-1)!.searchParams.get('q')).toBe('活着');
  });

  it('publishes the chosen books at once and says how many changed', async () => {
    const { callsTo } = mockFetch({
      'GET /api/admin/categories': categories,
      'GET /api/admin/books': ok(page(rows)),
      'POST /api/admin/books/bulk': ok({ changed: 2 }),
    });
    const user = userEvent.setup();
    renderApp('/admin/books', { user: users.admin });
    await screen.findByRole('link', { name: '三体' }, { timeout: 5000 });

    const publish = screen.getByRole('button', { name: '上架' });
    expect(publish).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: '全选本页' }));
    expect(screen.getByText('已选 2 本')).toBeInTheDocument();
    await user.click(publish);

    expect(await screen.findByText('已更改 2 本作品')).toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/books/bulk').map((call) => call.body)).toEqual([
      { action: 'publish', ids: [1, 2] },
    ]);
  });

  it('deletes the chosen books only once confirmed', async () => {
    const { callsTo } = mockFetch({
      'GET /api/admin/categories': categories,
      'GET /api/admin/books': ok(page(rows)),
      'POST /api/admin/books/bulk': ok({ changed: 1 }),
    });
    const user = userEvent.setup();
    renderApp('/admin/books', { user: users.admin });
    await user.click(await screen.findByRole('checkbox', { name: '选择《活着》' }, { timeout: 5000 }));
    await user.click(screen.getByRole('button', { name: '删除' }));

    const dialog = await screen.findByRole('alertdialog', { name: '删除所选的 1 本作品？' });
    expect(callsTo('POST', '/api/admin/books/bulk')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('已更改 1 本作品')).toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/books/bulk').map((call) => call.body)).toEqual([{ action: 'delete', ids: [2] }]);
  });

  it('invites to create the first book when there is none', async () => {
    mockFetch({
      'GET /api/admin/categories': categories,
      'GET /api/admin/books': ok(page([])),
    });
    renderApp('/admin/books', { user: users.admin });
    const empty = await screen.findByText('还没有作品——新建一本吧', undefined, { timeout: 5000 });
    expect(within(empty.parentElement!).getByRole('link', { name: '新建作品' })).toHaveAttribute(
      'href',
      '/admin/books/create',
    );
  });

  it('lists one category’s books on its page', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/categories': categories,
      'GET /api/admin/books': ok(page([rows[1]])),
    });
    renderApp('/admin/categories/4/books', { user: users.admin });
    expect(await screen.findByRole('heading', { name: '分类「武侠」的作品' }, { timeout: 5000 })).toBeInTheDocument();
    await screen.findByRole('link', { name: '活着' });
    expect(listCalls(calls).map((url) => url.searchParams.get('category'))).toEqual(['4']);
  });
});
