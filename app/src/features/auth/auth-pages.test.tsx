// The account pages and the app's auth journeys, rendered through the real router: login,
// register, protected pages and restore, logout, and an uncured 401.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { book, page } from '@/testing/catalog-fixtures';
import { apiError, mockFetch, ok, storeSession, tokens } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';
import { authStore } from './auth-store';

const minute = 60_000;
const success = (user = users.free) => ok({ user, tokens: tokens(15 * minute, '9'), sessionId: 'session-9' });
/** The toast area, once the first toast has brought it. */
const toasts = () => screen.findByRole('region', { name: /F8/ });

describe('login page', () => {
  it('shows the server field errors next to the fields', async () => {
    const { callsTo } = mockFetch({
      'POST /api/auth/login': apiError(400, 'validation_failed', '请检查输入', { email: '请输入有效的邮箱或用户名' }),
    });
    const user = userEvent.setup();
    renderApp('/auth/login');
    const identifier = await screen.findByRole('textbox', { name: '邮箱或用户名' });
    await user.type(identifier, 'x');
    await user.type(screen.getByLabelText('密码'), 'whatever1');
    await user.click(screen.getByRole('button', { name: '登录' }));

    await waitFor(() => expect(identifier).toHaveAccessibleDescription('请输入有效的邮箱或用户名'));
    expect(identifier).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('POST', '/api/auth/login')[0].body).toEqual({ email: 'x', password: 'whatever1' });
  });

  it('shows the message of a refused login as an alert', async () => {
    mockFetch({ 'POST /api/auth/login': apiError(401, 'invalid_credentials', '邮箱或密码错误') });
    const user = userEvent.setup();
    renderApp('/auth/login');
    await user.type(await screen.findByRole('textbox', { name: '邮箱或用户名' }), 'reader');
    await user.type(screen.getByLabelText('密码'), 'Wrong-pass1');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('邮箱或密码错误');
  });

  it('signs in and returns to the redirect page, with the session saved', async () => {
    const { callsTo } = mockFetch({ 'POST /api/auth/login': success() });
    const user = userEvent.setup();
    const { location } = renderApp('/auth/login?redirect=%2Fsettings');
    await user.type(await screen.findByRole('textbox', { name: '邮箱或用户名' }), 'free@example.com');
    await user.type(screen.getByLabelText('密码'), 'Listen-2024');
    await user.click(screen.getByRole('button', { name: '登录' }));

    await waitFor(() => expect(location().pathname).toBe('/settings'));
    expect(await screen.findByRole('heading', { level: 1, name: '设置' })).toBeInTheDocument();
    expect(callsTo('POST', '/api/auth/login')).toHaveLength(1);
    expect(JSON.parse(window.localStorage.getItem('auth') ?? '{}')).toMatchObject({
      sessionId: 'session-9',
      isAuthenticated: true,
      tokens: { accessToken: 'access-9' },
    });
  });

  it('does not follow a redirect to another site', async () => {
    mockFetch({ 'POST /api/auth/login': success() });
    const user = userEvent.setup();
    const { location } = renderApp('/en/auth/login-new?redirect=https%3A%2F%2Fevil.example%2F');
    await user.type(await screen.findByRole('textbox', { name: 'Email or username' }), 'free');
    await user.type(screen.getByLabelText('Password'), 'Listen-2024');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(location().pathname).toBe('/en'));
  });

  it('explains a session_expired visit', async () => {
    renderApp('/auth/login?reason=session_expired&redirect=%2Fprofile');
    expect(await screen.findByRole('status')).toHaveTextContent('登录已过期');
  });

  it('shows and hides the password with a toggle button', async () => {
    const user = userEvent.setup();
    renderApp('/auth/login');
    const password = await screen.findByLabelText('密码');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: '显示密码' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: '隐藏密码' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: '隐藏密码' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('links to register, keeping the redirect', async () => {
    renderApp('/en/auth/login?redirect=%2Fen%2Fprofile');
    expect(await screen.findByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/en/auth/register?redirect=%2Fen%2Fprofile',
    );
  });

  it.each([
    ['/en/auth/login', '/en'],
    ['/auth/register', '/'],
  ])('%s leads back home', async (path, home) => {
    const user = userEvent.setup();
    const { location } = renderApp(path);
    const link = await screen.findByRole('link', { name: /Tingshu home|听书首页/ });
    expect(link).toHaveAttribute('href', home);
    await user.click(link);
    await waitFor(() => expect(location().pathname).toBe(home));
  });
});

describe('register page', () => {
  it('checks the fields with the core rule before sending anything', async () => {
    const { calls } = mockFetch({ 'POST /api/auth/register': success() });
    const user = userEvent.setup();
    renderApp('/auth/register');
    await user.type(await screen.findByRole('textbox', { name: '邮箱' }), 'not-an-email');
    await user.type(screen.getByRole('textbox', { name: '用户名' }), 'ab');
    const password = screen.getByLabelText('密码');
    await user.type(password, 'alllowercase');
    await user.click(screen.getByRole('button', { name: '注册' }));

    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByRole('textbox', { name: '邮箱' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: '用户名' })).toHaveAttribute('aria-invalid', 'true');
    // Nothing is sent (the page only asks the site's public settings).
    expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it('registers with trimmed values and shows a taken name from the server', async () => {
    const { callsTo } = mockFetch({
      'POST /api/auth/register': apiError(409, 'username_taken', '用户名已被使用', { username: '用户名已被使用' }),
    });
    const user = userEvent.setup();
    renderApp('/auth/register-new');
    await user.type(await screen.findByRole('textbox', { name: '邮箱' }), ' new@example.com ');
    const username = screen.getByRole('textbox', { name: '用户名' });
    await user.type(username, '小明_01');
    await user.type(screen.getByLabelText('密码'), 'Listen-2024');
    await user.click(screen.getByRole('button', { name: '注册' }));

    await waitFor(() => expect(username).toHaveAccessibleDescription(expect.stringContaining('用户名已被使用')));
    expect(callsTo('POST', '/api/auth/register')[0].body).toEqual({
      email: 'new@example.com',
      username: '小明_01',
      password: 'Listen-2024',
    });
  });
});

describe('protected pages and restore', () => {
  it('restores a stored session on a protected page', async () => {
    mockFetch({ 'GET /api/auth/me': ok(users.free) });
    storeSession(users.free);
    const { location } = renderApp('/settings');
    expect(await screen.findByRole('heading', { level: 1, name: '设置' })).toBeInTheDocument();
    expect(location().pathname).toBe('/settings');
  });

  it('sends to login with a redirect when the restore fails', async () => {
    mockFetch({ 'GET /api/auth/me': apiError(401, 'auth_required', 'Authentication required') });
    storeSession(users.free);
    const { location } = renderApp('/profile');
    await waitFor(() => expect(location().pathname).toBe('/auth/login'));
    expect(new URLSearchParams(location().search).get('redirect')).toBe('/profile');
  });

  it('when the startup refresh fails: free pages still work, the header shows sign-in, protected pages go to login', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch({ 'POST /api/auth/refresh': apiError(401, 'invalid_refresh_token', 'Invalid refresh token') });
    storeSession(users.premium, tokens(-minute));
    const { router, location } = renderApp('/about');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '登录' })).toBeInTheDocument();
    expect(window.localStorage.getItem('auth')).not.toBeNull();

    await router.navigate('/profile');
    await waitFor(() => expect(location().pathname).toBe('/auth/login'));
    expect(screen.queryByRole('button', { name: /账户菜单/ })).not.toBeInTheDocument();
  });
});

describe('account menu and logout', () => {
  it('signs out with the toast and replaces the address with the login page', async () => {
    const { callsTo } = mockFetch({ 'POST /api/auth/logout': ok(null) });
    const user = userEvent.setup();
    const { router, location } = renderApp('/about', { user: users.free });
    const menuButton = await screen.findByRole('button', { name: '账户菜单：free' });
    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: '退出登录' }));

    await waitFor(() => expect(location().pathname).toBe('/auth/login'));
    expect(await within(await toasts()).findByText('已退出登录')).toBeInTheDocument();
    expect(await within(await toasts()).findByText('您已成功退出登录')).toBeInTheDocument();
    expect(callsTo('POST', '/api/auth/logout')[0].body).toEqual({ sessionId: 'test-session' });
    expect(window.sessionStorage.getItem('logout_pending')).not.toBeNull();
    // Replaced, not pushed: the history entry of /about is gone.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('reaches the listener library from the menu: bookshelf, favorites, history and downloads', async () => {
    const user = userEvent.setup();
    const { location } = renderApp('/en/about', { user: users.free });
    const menuButton = await screen.findByRole('button', { name: 'Account menu: free' });
    await user.click(menuButton);
    const menu = document.getElementById(menuButton.getAttribute('aria-controls') ?? '');
    const links = within(menu as HTMLElement)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Bookshelf', '/en/bookshelf'],
      ['Favorites', '/en/favorites'],
      ['History', '/en/history'],
      ['Downloads', '/en/downloads'],
      ['Profile', '/en/profile'],
      ['Settings', '/en/settings'],
    ]);
    await user.click(screen.getByRole('link', { name: 'Favorites' }));
    await waitFor(() => expect(location().pathname).toBe('/en/favorites'));
    expect(screen.getByRole('button', { name: 'Account menu: free' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the English logout toast under /en', async () => {
    mockFetch({ 'POST /api/auth/logout': ok(null) });
    const user = userEvent.setup();
    const { location } = renderApp('/en/about', { user: users.free });
    await user.click(await screen.findByRole('button', { name: 'Account menu: free' }));
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(location().pathname).toBe('/en/auth/login'));
    expect(await within(await toasts()).findByText('Signed out')).toBeInTheDocument();
  });

  it('closes the menu with Escape and returns focus to its button', async () => {
    const user = userEvent.setup();
    renderApp('/about', { user: users.free });
    const menuButton = await screen.findByRole('button', { name: '账户菜单：free' });
    await user.click(menuButton);
    expect(screen.getByRole('link', { name: '个人中心' })).toBeVisible();
    await user.keyboard('{Escape}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveFocus();
  });
});

describe('an uncured 401', () => {
  it('shows the warning toast, clears the session and goes to login with redirect and reason', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch({
      'PUT /api/auth/profile': apiError(401, 'auth_required', 'Authentication required'),
      'POST /api/auth/refresh': apiError(401, 'invalid_refresh_token', 'Invalid refresh token'),
    });
    storeSession(users.free);
    const user = userEvent.setup();
    const { location } = renderApp('/settings', { user: users.free });
    await user.click(await screen.findByRole('button', { name: '保存时区' }));

    await waitFor(() => expect(location().pathname).toBe('/auth/login'));
    const query = new URLSearchParams(location().search);
    expect(query.get('redirect')).toBe('/settings');
    expect(query.get('reason')).toBe('session_expired');
    expect(await within(await toasts()).findByText('认证已过期')).toBeInTheDocument();
    expect(await within(await toasts()).findByText('请重新登录以继续使用')).toBeInTheDocument();
    expect(window.localStorage.getItem('auth')).toBeNull();
  });

  it('says so in one toast when a listener\'s action finds the session over (no second "failed")', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { callsTo } = mockFetch({
      'GET /api/me/bookshelf': ok(page([{ book: book(1, { title: '架上书' }), addedAt: Date.now(), progress: null }])),
      'DELETE /api/me/bookshelf/1': apiError(401, 'auth_required', 'Authentication required'),
      'POST /api/auth/refresh': apiError(401, 'invalid_refresh_token', 'Invalid refresh token'),
    });
    storeSession(users.free);
    const user = userEvent.setup();
    const { location } = renderApp('/bookshelf', { user: users.free });
    await user.click(await screen.findByRole('button', { name: '移除《架上书》' }, { timeout: 5000 }));

    await waitFor(() => expect(location().pathname).toBe('/auth/login'));
    // The login page has drawn its notice: the action's own failure handling has long run.
    expect(await screen.findByText('登录已过期，请重新登录后继续。')).toBeInTheDocument();
    expect(callsTo('DELETE', '/api/me/bookshelf/1')).toHaveLength(1);
    const region = await toasts();
    expect(await within(region).findByText('认证已过期')).toBeInTheDocument();
    expect(within(region).getAllByRole('listitem')).toHaveLength(1);
    expect(within(region).queryByText('操作失败，请稍后重试')).not.toBeInTheDocument();
  });
});

describe('profile and settings', () => {
  it('shows the avatar initials when the image does not load, and the membership text from core', async () => {
    renderApp('/profile', { user: users.lifetime });
    expect(await screen.findByRole('heading', { level: 1, name: '个人中心' })).toBeInTheDocument();
    const avatar = screen.getByRole('img', { name: 'lifetime 的头像' });
    fireEvent.error(avatar.querySelector('img')!);
    expect(avatar).toHaveTextContent(/^LI$|^L$/i);
    expect(screen.getByText('永久会员')).toBeInTheDocument();
  });

  it('saves a changed username and shows the server field error', async () => {
    const { callsTo } = mockFetch({
      'PUT /api/auth/profile': [
        apiError(409, 'username_taken', '用户名已被使用', { username: '用户名已被使用' }),
        ok({ ...users.free, username: 'reader_2' }),
      ],
    });
    const user = userEvent.setup();
    renderApp('/profile', { user: users.free });
    const username = await screen.findByRole('textbox', { name: '用户名' });
    await user.clear(username);
    await user.type(username, 'taken_name');
    await user.click(screen.getByRole('button', { name: '保存资料' }));
    await waitFor(() => expect(username).toHaveAccessibleDescription(expect.stringContaining('用户名已被使用')));
    expect(callsTo('PUT', '/api/auth/profile')[0].body).toEqual({ username: 'taken_name' });

    await user.clear(username);
    await user.type(username, 'reader_2');
    await user.click(screen.getByRole('button', { name: '保存资料' }));
    expect(await within(await toasts()).findByText('资料已保存')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '账户菜单：reader_2' })).toBeInTheDocument();
  });

  it('saves the time zone to the profile and to user-timezone', async () => {
    const { callsTo } = mockFetch({ 'PUT /api/auth/profile': ok(users.free) });
    const user = userEvent.setup();
    renderApp('/settings', { user: users.free });
    await user.selectOptions(await screen.findByRole('combobox', { name: '时区' }), 'Asia/Tokyo');
    await user.click(screen.getByRole('button', { name: '保存时区' }));
    await waitFor(() => expect(window.localStorage.getItem('user-timezone')).toBe('Asia/Tokyo'));
    expect(callsTo('PUT', '/api/auth/profile')[0].body).toEqual({ timezone: 'Asia/Tokyo' });
  });

  it('turns behaviour tracking off and on again from the settings, saved to the profile', async () => {
    const off = { ...users.free, preferences: { ...users.free.preferences, trackingEnabled: false } };
    const { callsTo } = mockFetch({ 'PUT /api/auth/profile': [ok(off), ok(users.free)] });
    const user = userEvent.setup();
    renderApp('/settings', { user: users.free });
    const toggle = await screen.findByRole('switch', { name: '允许记录我的浏览行为' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(await within(await toasts()).findByText('已关闭行为统计，不再记录你的浏览行为')).toBeInTheDocument();
    expect(callsTo('PUT', '/api/auth/profile')[0].body).toEqual({ trackingEnabled: false });
    expect(authStore.currentUser?.preferences.trackingEnabled).toBe(false);
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(callsTo('PUT', '/api/auth/profile')[1].body).toEqual({ trackingEnabled: true });
  });

  it('saves a language chosen while signed in to the profile', async () => {
    const { callsTo } = mockFetch({
      'PUT /api/auth/profile': ok({ ...users.free, preferences: { ...users.free.preferences, language: 'en' } }),
    });
    const user = userEvent.setup();
    renderApp('/settings', { user: users.free });
    const [switcher] = await screen.findAllByRole('combobox', { name: '语言' });
    await user.selectOptions(switcher, 'en');
    await waitFor(() => expect(callsTo('PUT', '/api/auth/profile')).toHaveLength(1));
    expect(callsTo('PUT', '/api/auth/profile')[0].body).toEqual({ language: 'en' });
  });

  it('checks a new password with core before changing it', async () => {
    const { calls, callsTo } = mockFetch({ 'POST /api/auth/change-password': ok(null) });
    const user = userEvent.setup();
    renderApp('/settings', { user: users.free });
    const current = await screen.findByLabelText('当前密码');
    const next = screen.getByLabelText('新密码');
    await user.type(current, 'Old-pass-1');
    await user.type(next, 'short');
    await user.click(screen.getByRole('button', { name: '修改密码' }));
    await waitFor(() => expect(next).toHaveAttribute('aria-invalid', 'true'));
    expect(calls).toHaveLength(0);

    await user.clear(next);
    await user.type(next, 'New-pass-2024');
    await user.click(screen.getByRole('button', { name: '修改密码' }));
    expect(await within(await toasts()).findByText('密码已修改')).toBeInTheDocument();
    expect(callsTo('POST', '/api/auth/change-password')[0].body).toEqual({
      currentPassword: 'Old-pass-1',
      newPassword: 'New-pass-2024',
    });
  });
});
