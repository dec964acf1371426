// The user list: each user's type, status, membership and roles in the page's language, linked to
// their page; the search, filters, sort and page kept in the address and sent to the server; the
// empty and failed states.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { page } from '@/testing/catalog-fixtures';
import { apiError, mockFetch, ok, type Call } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';
import { roles, userRow } from './fixtures';

const listCalls = (calls: Call[]) =>
  calls
    .filter((call) => call.method === 'GET' && new URL(call.url, 'http://x').pathname === '/api/admin/users')
    .map((call) => new URL(call.url, 'http://x').searchParams);

const alice = userRow(7, { username: 'alice', email: 'alice@example.com', lastLoginAt: Date.UTC(2024, 4, 20, 4, 0) });
const bob = userRow(8, {
  username: 'bob',
  userType: 'admin',
  status: 'disabled',
  subscriptionType: 'premium',
  membership: 'lifetime',
  roles: [{ id: 2, name: 'editor' }],
});
const row = (id: number) => screen.getByTestId(`user-row-${id}`);

describe('console users', () => {
  it('lists each user with type, status, membership and roles, linked to their page', async () => {
    mockFetch({
      'GET /api/admin/users': ok(page([alice, bob], 2, 20)),
      'GET /api/admin/roles': ok({ items: roles }),
    });
    renderApp('/admin/users', { user: users.admin });
    await screen.findByTestId('user-row-7', undefined, { timeout: 5000 });
    expect(within(row(7)).getByRole('link', { name: 'alice' })).toHaveAttribute('href', '/admin/users/7');
    expect(within(row(7)).getByText('alice@example.com')).toBeInTheDocument();
    expect(within(row(7)).getByText('普通用户')).toBeInTheDocument();
    expect(within(row(7)).getByText('正常')).toBeInTheDocument();
    expect(within(row(7)).getByText('免费')).toBeInTheDocument();
    expect(within(row(7)).getAllByText('2024/05/20 12:00')).toHaveLength(2);
    expect(within(row(8)).getAllByText('—')).toHaveLength(1);
    expect(within(row(8)).getByText('管理员')).toBeInTheDocument();
    expect(within(row(8)).getByText('已停用')).toBeInTheDocument();
    expect(within(row(8)).getByText('永久会员')).toBeInTheDocument();
    expect(within(row(8)).getByText('editor')).toBeInTheDocument();
    expect(screen.getByText('共 2 位用户')).toBeInTheDocument();
  });

  it('keeps the search, filters, sort and page in the address and sends them', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/users': ok(page([alice], 45, 20)),
      'GET /api/admin/roles': ok({ items: roles }),
    });
    const user = userEvent.setup();
    const { location } = renderApp('/admin/users', { user: users.admin });
    await screen.findByTestId('user-row-7', undefined, { timeout: 5000 });
    expect(listCalls(calls)[0].get('q')).toBeNull();

    await user.type(screen.getByLabelText('搜索用户'), 'ali{Enter}');
    await waitFor(() => expect(new URLSearchParams(location().search).get('q')).toBe('ali'));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('q')).toBe('ali'));

    await user.selectOptions(screen.getByLabelText('会员'), 'expired');
    await user.selectOptions(screen.getByLabelText('状态'), 'disabled');
    await user.selectOptions(screen.getByLabelText('类型'), 'admin');
    await waitFor(() => expect(screen.getByRole('option', { name: 'editor' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText('角色'), '2');
    await user.selectOptions(screen.getByLabelText('排序'), 'name');
    await user.selectOptions(screen.getByLabelText('顺序'), 'asc');
    await waitFor(() => {
      const sent = listCalls(calls).at(-1);
      expect(sent?.get('membership')).toBe('expired');
      expect(sent?.get('status')).toBe('disabled');
      expect(sent?.get('type')).toBe('admin');
      expect(sent?.get('role')).toBe('2');
      expect(sent?.get('sort')).toBe('name');
      expect(sent?.get('order')).toBe('asc');
      expect(sent?.get('q')).toBe('ali');
    });
    const address = new URLSearchParams(location().search);
    expect(address.get('membership')).toBe('expired');
    expect(address.get('role')).toBe('2');
    expect(address.get('sort')).toBe('name');

    await user.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('page')).toBe('2'));
    expect(listCalls(calls).at(-1)?.get('membership')).toBe('expired');
  });

  it('tells no users from filters that empty the list, and shows a failed load', async () => {
    mockFetch({ 'GET /api/admin/users': ok(page([])), 'GET /api/admin/roles': ok({ items: roles }) });
    const { unmount } = renderApp('/admin/users?status=disabled', { user: users.admin });
    expect(await screen.findByText('没有符合搜索或筛选条件的用户', undefined, { timeout: 5000 })).toBeInTheDocument();
    unmount();

    mockFetch({
      'GET /api/admin/users': apiError(500, 'internal_error', '服务器出错了'),
      'GET /api/admin/roles': ok({ items: roles }),
    });
    renderApp('/admin/users', { user: users.admin });
    expect(await screen.findByRole('button', { name: /重试/ }, { timeout: 5000 })).toBeInTheDocument();
  });
});
