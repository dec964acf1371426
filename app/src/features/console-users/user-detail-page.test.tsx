// A user's page: profile, sessions, orders, purchases and listening in the page's language; a
// disable asked for and refused by the server in its own words (the last administrator); a session
// revoked; a membership grant checked by core's rule before it is sent, then sent with its reason;
// and the reset link shown once.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, mockFetch, ok } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';
import { iphoneAgent, plans, roles, userDetail } from './fixtures';

const listener = userDetail(7, { username: 'alice' });
const base = {
  'GET /api/admin/users/7': ok(listener),
  'GET /api/admin/roles': ok({ items: roles }),
  'GET /api/plans': ok(plans),
} as const;

describe('console user page', () => {
  it('shows the profile, sessions, orders, purchases and listening', async () => {
    mockFetch(base);
    renderApp('/admin/users/7', { user: users.admin });
    expect(await screen.findByRole('heading', { name: 'alice', level: 1 }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('user7@example.com')).toBeInTheDocument();
    const phone = screen.getByTestId('session-42');
    expect(within(phone).getByText('Safari 17 · iPhone')).toHaveAttribute('title', iphoneAgent);
    expect(within(phone).queryByText(iphoneAgent)).not.toBeInTheDocument();
    expect(within(phone).getByText('203.0.113.7')).toBeInTheDocument();
    const old = screen.getByTestId('session-sess-old');
    expect(within(old).getByText('未知设备')).toBeInTheDocument();
    expect(within(old).getByText('logout')).toBeInTheDocument();
    expect(within(old).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('¥19.90 CNY')).toBeInTheDocument();
    expect(screen.getByText('已支付')).toBeInTheDocument();
    expect(screen.getByText('12.5')).toBeInTheDocument();
    expect(screen.getAllByText('三体').length).toBeGreaterThan(1);
  });

  it('shows an agent the server could not name under “unknown device”', async () => {
    const [phone, old] = listener.sessions;
    mockFetch({
      ...base,
      'GET /api/admin/users/7': ok({
        ...listener,
        sessions: [{ ...phone, device: null, userAgent: 'odd-client/3' }, old],
      }),
    });
    renderApp('/admin/users/7', { user: users.admin });
    const row = await screen.findByTestId('session-42', undefined, { timeout: 5000 });
    expect(within(row).getByText('未知设备')).toHaveAttribute('title', 'odd-client/3');
    expect(within(row).getByText('odd-client/3')).toBeInTheDocument();
  });

  it('asks before disabling, and shows the server’s refusal in its words', async () => {
    const { callsTo } = mockFetch({
      ...base,
      'PUT /api/admin/users/7/status': apiError(409, 'last_admin', '这是最后一位有效的管理员；请先设置另一位管理员。'),
    });
    const user = userEvent.setup();
    renderApp('/admin/users/7', { user: users.admin });
    await user.click(await screen.findByTestId('user-status', undefined, { timeout: 5000 }));
    const dialog = await screen.findByRole('alertdialog', { name: '停用 alice？' });
    expect(dialog).toHaveTextContent('所有设备上退出登录');
    expect(callsTo('PUT', '/api/admin/users/7/status')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: '停用' }));
    expect(
      await screen.findByText('这是最后一位有效的管理员；请先设置另一位管理员。', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(callsTo('PUT', '/api/admin/users/7/status')[0].body).toEqual({ status: 'disabled' });
  });

  it('signs one session out once confirmed', async () => {
    const { callsTo } = mockFetch({
      ...base,
      'DELETE /api/admin/users/7/sessions/42': ok({ revoked: 1 }),
    });
    const user = userEvent.setup();
    renderApp('/admin/users/7', { user: users.admin });
    await user.click(await screen.findByTestId('revoke-42', undefined, { timeout: 5000 }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '退出登录' }));
    expect(await screen.findByText('该会话已退出登录。', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(callsTo('DELETE', '/api/admin/users/7/sessions/42')).toHaveLength(1);
  });

  it('checks a membership grant by core’s rule, then sends it with its reason', async () => {
    const granted = { ...listener, subscriptionType: 'premium', membership: 'lifetime' as const };
    const { callsTo } = mockFetch({ ...base, 'POST /api/admin/users/7/membership': ok(granted) });
    const user = userEvent.setup();
    renderApp('/admin/users/7', { user: users.admin });
    await user.selectOptions(await screen.findByLabelText('赠送时长', undefined, { timeout: 5000 }), 'lifetime');
    await user.click(screen.getByTestId('membership-grant'));
    expect(await screen.findByText('此项为必填项。')).toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/users/7/membership')).toHaveLength(0);

    await user.type(screen.getByLabelText(/原因/), '活动奖励');
    await user.click(screen.getByTestId('membership-grant'));
    expect(await screen.findByText('已为 alice 赠送会员。', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/users/7/membership')[0].body).toEqual({
      term: 'lifetime',
      planId: null,
      expiresAt: null,
      reason: '活动奖励',
    });
    await waitFor(() => expect(screen.getAllByText('永久会员').length).toBeGreaterThan(0));
  });

  it('shows a reset link once, never a password', async () => {
    const expiresAt = Date.now() + 86_400_000;
    const { callsTo } = mockFetch({
      ...base,
      'POST /api/admin/users/7/password-reset': ok({ path: '/reset-password?token=abc123', expiresAt }),
    });
    const user = userEvent.setup();
    renderApp('/admin/users/7', { user: users.admin });
    await user.click(await screen.findByTestId('reset-create', undefined, { timeout: 5000 }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '生成重置链接' }));
    const link = await screen.findByTestId('reset-link', undefined, { timeout: 5000 });
    expect(within(link).getByRole('textbox')).toHaveValue(`${window.location.origin}/reset-password?token=abc123`);
    expect(within(link).getByRole('button', { name: '复制链接' })).toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/users/7/password-reset')).toHaveLength(1);
  });

  it('shows a missing user as an error', async () => {
    mockFetch({ ...base, 'GET /api/admin/users/7': apiError(404, 'not_found', '没有 id 为 7 的用户。') });
    renderApp('/admin/users/7', { user: users.admin });
    expect(await screen.findByText(/没有 id 为 7 的用户/, undefined, { timeout: 5000 })).toBeInTheDocument();
  });
});
