// The auth store's branches (spec §4, §7, §8): restore, logout pending, refresh scheduling,
// pre-request refresh, one refresh-and-retry on 401, and waiting while the store loads.
import { authRequest } from '@/lib/http';
import { book, page } from '@/testing/catalog-fixtures';
import { apiError, json, mockFetch, ok, storeSession, tokens } from '@/testing/fetch';
import { createTestI18n } from '@/testing/i18n';
import { users } from '@/testing/users';
import { authStore, type AuthEvent } from './auth-store';

const minute = 60_000;
const stored = () => JSON.parse(window.localStorage.getItem('auth') ?? 'null');
const fresh = { accessToken: 'access-2', refreshToken: 'refresh-2', expiresIn: Date.now() + 15 * minute };

function login(expiresInMs = 15 * minute) {
  authStore.establish({ user: users.free, tokens: tokens(expiresInMs), sessionId: 'session-1' });
}

describe('startup restore', () => {
  it('does nothing when already authenticated', async () => {
    const { calls } = mockFetch({});
    login();
    await expect(authStore.restore()).resolves.toBe(true);
    expect(calls).toHaveLength(0);
  });

  it('fails without stored data', async () => {
    const { calls } = mockFetch({});
    await expect(authStore.restore()).resolves.toBe(false);
    expect(calls).toHaveLength(0);
    expect(authStore.getSnapshot().user).toBeNull();
  });

  it.each([
    ['corrupt JSON', '{"user":'],
    ['no access token', JSON.stringify({ user: users.free, tokens: { refreshToken: 'r' }, sessionId: 's' })],
    ['no username', JSON.stringify({ user: { ...users.free, username: undefined }, tokens: tokens(), sessionId: 's' })],
  ])('removes invalid data (%s) and fails', async (_, raw) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { calls } = mockFetch({});
    window.localStorage.setItem('auth', raw);
    await expect(authStore.restore()).resolves.toBe(false);
    expect(window.localStorage.getItem('auth')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('loads a valid session and confirms it with /api/auth/me (bearer), keeping roles and permissions', async () => {
    const { callsTo } = mockFetch({ 'GET /api/auth/me': ok({ ...users.editor, username: 'editor-now' }) });
    storeSession(users.editor);
    const restoring = authStore.restore();
    expect(authStore.getSnapshot().isLoading).toBe(true);
    await expect(restoring).resolves.toBe(true);
    expect(callsTo('GET', '/api/auth/me')[0].headers.Authorization).toBe('Bearer access-1');
    const state = authStore.getSnapshot();
    expect(state).toMatchObject({ isAuthenticated: true, isLoading: false, sessionId: 'session-1' });
    expect(authStore.currentUser?.username).toBe('editor-now');
    expect(authStore.currentUser?.permissions).toEqual(['manage:books']);
    expect(stored().user.username).toBe('editor-now');
  });

  it('clears state and storage when /api/auth/me answers 401', async () => {
    mockFetch({ 'GET /api/auth/me': apiError(401, 'auth_required', 'Authentication required') });
    storeSession(users.free);
    await expect(authStore.restore()).resolves.toBe(false);
    expect(authStore.getSnapshot()).toMatchObject({
      user: null,
      tokens: null,
      isAuthenticated: false,
      isLoading: false,
    });
    expect(window.localStorage.getItem('auth')).toBeNull();
  });

  it('on another /me failure refreshes and tries again', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { callsTo } = mockFetch({
      // A read is retried once by the HTTP layer, so two 500s make one failed fetch.
      'GET /api/auth/me': [json(500, null), json(500, null), ok(users.free)],
      'POST /api/auth/refresh': ok(fresh),
    });
    storeSession(users.free);
    await expect(authStore.restore()).resolves.toBe(true);
    expect(callsTo('POST', '/api/auth/refresh')[0].body).toEqual({ refreshToken: 'refresh-1' });
    expect(callsTo('GET', '/api/auth/me')[2].headers.Authorization).toBe('Bearer access-2');
    expect(stored().tokens.refreshToken).toBe('refresh-2');
  });

  it('refreshes an expired stored token first, then confirms the session', async () => {
    const { calls } = mockFetch({ 'POST /api/auth/refresh': ok(fresh), 'GET /api/auth/me': ok(users.free) });
    storeSession(users.free, tokens(-minute));
    await expect(authStore.restore()).resolves.toBe(true);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/auth/refresh', 'GET /api/auth/me']);
    expect(calls[1].headers.Authorization).toBe('Bearer access-2');
    expect(authStore.getSnapshot().tokens?.accessToken).toBe('access-2');
  });

  // The decision between the two readings of spec §4: the state stays, the session does not count.
  it('keeps the stored state when the refresh of an expired token fails, but nobody is signed in', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { callsTo } = mockFetch({
      'POST /api/auth/refresh': apiError(401, 'invalid_refresh_token', 'Invalid refresh token'),
      'GET /api/auth/me': ok(users.free),
    });
    storeSession(users.free, tokens(-minute));
    const before = window.localStorage.getItem('auth');
    await expect(authStore.restore()).resolves.toBe(false);
    expect(callsTo('GET', '/api/auth/me')).toHaveLength(0);
    const state = authStore.getSnapshot();
    expect(state.user?.email).toBe(users.free.email);
    expect(state.tokens?.accessToken).toBe('access-1');
    expect(state).toMatchObject({ isAuthenticated: false, isLoading: false });
    expect(authStore.currentUser).toBeNull();
    expect(window.localStorage.getItem('auth')).toBe(before);
  });

  it('keeps the state, signed out, when /me fails and the refresh cannot be made', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch({ 'GET /api/auth/me': json(500, null), 'POST /api/auth/refresh': json(503, null) });
    storeSession(users.free);
    await expect(authStore.restore()).resolves.toBe(false);
    expect(authStore.getSnapshot().user?.id).toBe(users.free.id);
    expect(authStore.currentUser).toBeNull();
    expect(window.localStorage.getItem('auth')).not.toBeNull();
  });
});

describe('startup restore offline', () => {
  const goOffline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  const comeBackOnline = (onLine: ReturnType<typeof goOffline>) => {
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
  };

  it('counts the stored session (expired token too) without asking the server, then confirms it online', async () => {
    const onLine = goOffline();
    const { calls } = mockFetch({ 'POST /api/auth/refresh': ok(fresh), 'GET /api/auth/me': ok(users.premium) });
    storeSession(users.premium, tokens(-minute));
    await expect(authStore.restore()).resolves.toBe(true);
    expect(calls).toHaveLength(0);
    expect(authStore.currentUser?.id).toBe(users.premium.id);
    comeBackOnline(onLine);
    await vi.waitFor(() =>
      expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/auth/refresh', 'GET /api/auth/me']),
    );
    await vi.waitFor(() => expect(stored().tokens.refreshToken).toBe('refresh-2'));
    expect(authStore.currentUser?.id).toBe(users.premium.id);
  });

  it('signs out once back online when the server no longer knows the session', async () => {
    const onLine = goOffline();
    mockFetch({ 'GET /api/auth/me': apiError(401, 'auth_required', 'Authentication required') });
    storeSession(users.premium);
    await expect(authStore.restore()).resolves.toBe(true);
    comeBackOnline(onLine);
    await vi.waitFor(() => expect(authStore.getSnapshot().user).toBeNull());
    expect(window.localStorage.getItem('auth')).toBeNull();
  });
});

describe('fetchCurrentUser (spec §8)', () => {
  it('rethrows a 401 without refreshing', async () => {
    const { callsTo } = mockFetch({
      'GET /api/auth/me': apiError(401, 'auth_required', 'Authentication required'),
      'POST /api/auth/refresh': ok(fresh),
    });
    login();
    await expect(authStore.fetchCurrentUser()).rejects.toMatchObject({ statusCode: 401 });
    expect(callsTo('POST', '/api/auth/refresh')).toHaveLength(0);
  });

  it('rethrows the failure when the refresh fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch({
      'GET /api/auth/me': apiError(404, 'not_found', 'gone'),
      'POST /api/auth/refresh': apiError(401, 'invalid_refresh_token', 'no'),
    });
    login();
    await expect(authStore.fetchCurrentUser()).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('logout', () => {
  it('revokes the session, clears state and storage, sets logout_pending and tells the UI', async () => {
    const { callsTo } = mockFetch({ 'POST /api/auth/logout': ok(null) });
    login();
    const events: AuthEvent[] = [];
    const off = authStore.onEvent((event) => events.push(event));
    await authStore.logout();
    off();
    const [call] = callsTo('POST', '/api/auth/logout');
    expect(call.body).toEqual({ sessionId: 'session-1' });
    expect(call.headers.Authorization).toBe('Bearer access-1');
    expect(authStore.getSnapshot()).toMatchObject({
      user: null,
      tokens: null,
      sessionId: null,
      isAuthenticated: false,
    });
    expect(window.localStorage.getItem('auth')).toBeNull();
    expect(window.sessionStorage.getItem('logout_pending')).not.toBeNull();
    expect(events).toEqual([{ type: 'logged-out' }]);
  });

  it('calls the server only when there is a session id, and only logs its failure', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { callsTo } = mockFetch({ 'POST /api/auth/logout': json(500, null), 'GET /api/auth/me': ok(users.free) });
    // The server always names the session; a session saved without one (core allows it) is restored.
    storeSession(users.free, tokens(), null);
    await expect(authStore.restore()).resolves.toBe(true);
    await authStore.logout();
    expect(callsTo('POST', '/api/auth/logout')).toHaveLength(0);

    login();
    await expect(authStore.logout()).resolves.toBeUndefined();
    expect(callsTo('POST', '/api/auth/logout')).toHaveLength(1);
    expect(log).toHaveBeenCalled();
    expect(authStore.getSnapshot().isAuthenticated).toBe(false);
  });

  it('on the next startup clears logout_pending and skips restore', async () => {
    const { calls } = mockFetch({ 'GET /api/auth/me': ok(users.free) });
    storeSession(users.free);
    window.sessionStorage.setItem('logout_pending', 'true');
    await expect(authStore.initialize()).resolves.toBe(false);
    expect(window.sessionStorage.getItem('logout_pending')).toBeNull();
    expect(calls).toHaveLength(0);
    expect(authStore.currentUser).toBeNull();
  });

  it('skips the restore of protected navigation while logout_pending is set', async () => {
    const { calls } = mockFetch({ 'GET /api/auth/me': ok(users.free) });
    await authStore.initialize();
    storeSession(users.free);
    window.sessionStorage.setItem('logout_pending', 'true');
    await expect(authStore.restoreForNavigation()).resolves.toBe(false);
    expect(calls).toHaveLength(0);
  });

  it('is cleared by the next login', () => {
    window.sessionStorage.setItem('logout_pending', 'true');
    login();
    expect(window.sessionStorage.getItem('logout_pending')).toBeNull();
  });
});

describe('refresh timing', () => {
  it('schedules the refresh 5 minutes before expiry after login', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { callsTo } = mockFetch({ 'POST /api/auth/refresh': ok(fresh) });
    login(10 * minute);
    await vi.advanceTimersByTimeAsync(5 * minute - 10);
    expect(callsTo('POST', '/api/auth/refresh')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(20);
    expect(callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(stored().tokens.accessToken).toBe('access-2');
  });

  it('tries after 1 s when the refresh moment has passed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { callsTo } = mockFetch({ 'POST /api/auth/refresh': ok(fresh) });
    login(2 * minute);
    await vi.advanceTimersByTimeAsync(990);
    expect(callsTo('POST', '/api/auth/refresh')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(20);
    expect(callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
  });

  it('schedules nothing for a token 24 h or more away', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { calls } = mockFetch({ 'POST /api/auth/refresh': ok(fresh) });
    login(25 * 60 * minute);
    await vi.advanceTimersByTimeAsync(24 * 60 * minute);
    expect(calls).toHaveLength(0);
  });

  it('refreshes on navigation only when under 5 minutes are left', async () => {
    const { callsTo } = mockFetch({ 'POST /api/auth/refresh': ok(fresh) });
    login(10 * minute);
    authStore.refreshOnNavigation();
    expect(callsTo('POST', '/api/auth/refresh')).toHaveLength(0);
    login(4 * minute);
    authStore.refreshOnNavigation();
    await vi.waitFor(() => expect(authStore.getSnapshot().tokens?.accessToken).toBe('access-2'));
  });

  it('shares one refresh call between concurrent callers (a rotated token is never sent twice)', async () => {
    const { callsTo } = mockFetch({ 'POST /api/auth/refresh': ok(fresh) });
    login();
    await Promise.all([authStore.refresh(), authStore.refresh(), authStore.refresh()]);
    expect(callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
  });
});

describe('authenticated requests', () => {
  it('sends the bearer token', async () => {
    const { calls } = mockFetch({ 'GET /api/me/bookshelf': ok(page([])) });
    login();
    await authRequest('GET', '/api/me/bookshelf');
    expect(calls[0].headers.Authorization).toBe('Bearer access-1');
  });

  it('refreshes first when the token expires within 5 minutes', async () => {
    const { calls } = mockFetch({ 'POST /api/auth/refresh': ok(fresh), 'GET /api/me/bookshelf': ok(page([])) });
    login(2 * minute);
    await authRequest('GET', '/api/me/bookshelf');
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/refresh', '/api/me/bookshelf']);
    expect(calls[1].headers.Authorization).toBe('Bearer access-2');
  });

  it('goes on with the old token when that refresh fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const shelf = page([{ book: book(1), addedAt: Date.now(), progress: null }]);
    const { calls } = mockFetch({ 'POST /api/auth/refresh': json(503, null), 'GET /api/me/bookshelf': ok(shelf) });
    login(2 * minute);
    await expect(authRequest('GET', '/api/me/bookshelf')).resolves.toEqual(shelf);
    expect(calls[1].headers.Authorization).toBe('Bearer access-1');
  });

  it('on 401 refreshes once and retries once with the new token', async () => {
    const { callsTo } = mockFetch({
      'POST /api/auth/refresh': ok(fresh),
      'PUT /api/auth/profile': [apiError(401, 'auth_required', 'Authentication required'), ok(users.free)],
    });
    login();
    await expect(authRequest('PUT', '/api/auth/profile', { body: {} })).resolves.toMatchObject({ id: users.free.id });
    const puts = callsTo('PUT', '/api/auth/profile');
    expect(puts.map((c) => c.headers.Authorization)).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
  });

  it('does not retry a second time: a second 401 is raised and reported', async () => {
    const { callsTo } = mockFetch({
      'POST /api/auth/refresh': ok(fresh),
      'GET /api/me/bookshelf': apiError(401, 'auth_required', 'Authentication required'),
    });
    login();
    const events: AuthEvent[] = [];
    authStore.onEvent((event) => events.push(event));
    await expect(authRequest('GET', '/api/me/bookshelf')).rejects.toMatchObject({ statusCode: 401 });
    expect(callsTo('GET', '/api/me/bookshelf')).toHaveLength(2);
    expect(callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(events.map((e) => e.type)).toEqual(['unauthorized']);
  });

  it("raises 401 'Token已过期，请重新登录' when the refresh is refused", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch({
      'POST /api/auth/refresh': apiError(401, 'refresh_token_reused', 'Refresh token reused'),
      'GET /api/me/bookshelf': apiError(401, 'auth_required', 'Authentication required'),
    });
    login();
    await expect(authRequest('GET', '/api/me/bookshelf')).rejects.toMatchObject({
      statusCode: 401,
      statusMessage: 'Token已过期，请重新登录',
    });
  });

  it("raises 401 '认证失败，请重新登录' when the refresh throws", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch({
      'POST /api/auth/refresh': () => Promise.reject(new TypeError('offline')),
      'GET /api/me/bookshelf': apiError(401, 'auth_required', 'Authentication required'),
    });
    login();
    await expect(authRequest('GET', '/api/me/bookshelf')).rejects.toMatchObject({
      statusCode: 401,
      statusMessage: '认证失败，请重新登录',
    });
  });

  it('waits while the store is loading, then uses the restored token', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let answerMe: (response: Response) => void = () => {};
    const { calls } = mockFetch({
      'GET /api/auth/me': () => new Promise<Response>((resolve) => (answerMe = resolve)),
      'GET /api/me/bookshelf': ok(page([])),
    });
    storeSession(users.free, tokens(15 * minute, '7'));
    const restoring = authStore.restore();
    const shelf = authRequest('GET', '/api/me/bookshelf');
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/me']);
    answerMe(ok(users.free));
    await restoring;
    await vi.advanceTimersByTimeAsync(100);
    await shelf;
    expect(calls[1]).toMatchObject({ url: '/api/me/bookshelf', headers: { Authorization: 'Bearer access-7' } });
  });

  it('stops waiting after 50 polls of 100 ms', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { calls } = mockFetch({
      'GET /api/auth/me': () => new Promise<Response>(() => {}),
      'GET /api/books': ok(page([])),
    });
    storeSession(users.free);
    void authStore.restore();
    const books = authRequest('GET', '/api/books');
    await vi.advanceTimersByTimeAsync(4900);
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/me']);
    await vi.advanceTimersByTimeAsync(200);
    await books;
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/me', '/api/books']);
    // Still loading, so no session counts yet: the request went out anonymous.
    expect(calls[1].headers.Authorization).toBeUndefined();
  });
});

describe('profile calls while signed out (spec §5)', () => {
  it("fail with '用户未登录' without calling the server", async () => {
    const { calls } = mockFetch({});
    await expect(authStore.updateProfile({ username: 'x' })).rejects.toThrow('用户未登录');
    await expect(authStore.changePassword({ currentPassword: 'a', newPassword: 'b' })).rejects.toThrow('用户未登录');
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['zh', '用户未登录'],
    ['en', 'Not signed in'],
    ['ja', 'ログインしていません'],
  ])('say so in the page language (%s), still without a request', async (lang, message) => {
    const { calls } = mockFetch({
      'PUT /api/auth/profile': ok(users.free),
      'POST /api/auth/change-password': ok(null),
    });
    authStore.translateWith(createTestI18n(lang).t);
    const update = authStore.updateProfile({ username: 'x' });
    await expect(update).rejects.toThrow(message);
    await expect(update).rejects.toMatchObject({ statusCode: 401, statusMessage: message });
    await expect(authStore.changePassword({ currentPassword: 'a', newPassword: 'b' })).rejects.toThrow(message);
    expect(calls).toHaveLength(0);
  });

  it('also refuse after the session ended (expired, cleared)', async () => {
    const { calls } = mockFetch({});
    login();
    authStore.expireSession();
    authStore.translateWith(createTestI18n('en').t);
    await expect(authStore.updateProfile({ timezone: 'UTC' })).rejects.toThrow('Not signed in');
    await expect(authStore.changePassword({ currentPassword: 'a', newPassword: 'b' })).rejects.toThrow('Not signed in');
    expect(calls).toHaveLength(0);
  });
});
