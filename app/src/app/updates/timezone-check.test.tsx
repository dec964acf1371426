// The time-zone offer: made to a signed-in listener whose browser zone is allowed by core and differs from the
// profile's, once per browser and zone (answered or not, across page loads), in the page's current language.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { AppProvider } from '@/app/provider';
import { authStore } from '@/features/auth/auth-store';
import { createQueryClient } from '@/lib/queries/client';
import { apiError, mockFetch, ok } from '@/testing/fetch';
import { createTestI18n } from '@/testing/i18n';
import { users } from '@/testing/users';
import { AppUpdates } from './app-updates';
import { LaterUpdates, updatesDelayMs } from './later-updates';
import { timezoneCheckIntervalMs } from './timezone-offer';

// users.free keeps its times in Asia/Shanghai.
const tokyoUser = { ...users.free, preferences: { ...users.free.preferences, timezone: 'Asia/Tokyo' } };

function browserIn(timeZone: string) {
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
    timeZone,
  } as Intl.ResolvedDateTimeFormatOptions);
}

function renderUpdates() {
  const i18n = createTestI18n('en');
  const view = render(
    <AppProvider i18n={i18n} queryClient={createQueryClient()}>
      <AppUpdates pollBuilds={false} />
    </AppProvider>,
  );
  return { ...view, i18n };
}

/** Runs the timers `ms` ahead and lets the checks they start settle. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const offers = () => screen.queryAllByText("Use this device's time zone?");
const region = () => screen.getByRole('region', { name: 'Notifications (F8)' });

describe('time zone check', () => {
  beforeAll(async () => {
    await import('@/components/toast/toaster');
    await import('@/lib/core-pages');
  });

  beforeEach(() => {
    // Timers only: faking `Intl` too would put the fake clock's DateTimeFormat before the browser's zone.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  });

  it('offers nothing when the browser is in the profile’s zone', async () => {
    authStore.seed(users.free);
    browserIn('Asia/Shanghai');
    renderUpdates();
    await advance(0);
    await advance(timezoneCheckIntervalMs);
    expect(offers()).toHaveLength(0);
  });

  it('offers nothing to a signed-out visitor', async () => {
    browserIn('Asia/Tokyo');
    renderUpdates();
    await advance(0);
    await advance(timezoneCheckIntervalMs);
    expect(offers()).toHaveLength(0);
  });

  it('offers nothing for a kept session the server has not confirmed', async () => {
    vi.spyOn(authStore, 'getSnapshot').mockReturnValue({
      ...authStore.getSnapshot(),
      user: users.free,
      isAuthenticated: false,
    });
    browserIn('Asia/Tokyo');
    renderUpdates();
    await advance(0);
    await advance(timezoneCheckIntervalMs);
    expect(offers()).toHaveLength(0);
  });

  it('offers nothing when core does not allow the browser’s zone', async () => {
    authStore.seed(users.free);
    browserIn('Europe/Berlin');
    renderUpdates();
    await advance(0);
    await advance(timezoneCheckIntervalMs);
    expect(offers()).toHaveLength(0);
  });

  it('offers the browser’s zone, and accepting saves it to the profile', async () => {
    const { callsTo } = mockFetch({ 'PUT /api/auth/profile': ok(tokyoUser) });
    authStore.seed(users.free);
    browserIn('Asia/Tokyo');
    renderUpdates();
    await advance(0);
    expect(offers()).toHaveLength(1);
    expect(
      within(region()).getByText('Your profile shows times in Asia/Shanghai, but this device is set to Asia/Tokyo.'),
    ).toBeInTheDocument();

    fireEvent.click(within(region()).getByRole('button', { name: 'Use Asia/Tokyo' }));
    await advance(0);
    expect(callsTo('PUT', '/api/auth/profile').map((call) => call.body)).toEqual([{ timezone: 'Asia/Tokyo' }]);
    expect(authStore.getSnapshot().user?.preferences.timezone).toBe('Asia/Tokyo');
    expect(window.localStorage.getItem('user-timezone')).toBe('Asia/Tokyo');
    expect(within(region()).getByText('Time zone set to Asia/Tokyo')).toBeInTheDocument();

    await advance(timezoneCheckIntervalMs);
    expect(offers()).toHaveLength(0);
  });

  it('is checked only some seconds after the app starts, outside the first load', async () => {
    authStore.seed(users.free);
    browserIn('Asia/Tokyo');
    render(
      <AppProvider i18n={createTestI18n('en')} queryClient={createQueryClient()}>
        <LaterUpdates />
      </AppProvider>,
    );
    await advance(updatesDelayMs - 100);
    expect(offers()).toHaveLength(0);
    await advance(100);
    // The notices' own module arrives, then the check runs at once.
    await act(() => import('./app-updates'));
    await advance(0);
    expect(offers()).toHaveLength(1);
  });

  it('says so when the profile could not be saved, and keeps the local zone', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch({ 'PUT /api/auth/profile': apiError(500, 'internal', 'Internal error') });
    authStore.seed(users.free);
    browserIn('Asia/Tokyo');
    renderUpdates();
    await advance(0);
    fireEvent.click(within(region()).getByRole('button', { name: 'Use Asia/Tokyo' }));
    await advance(0);
    expect(
      within(region()).getByText('The time zone could not be saved; try again later in Settings'),
    ).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Saving the time zone failed', expect.anything());
    expect(authStore.getSnapshot().user?.preferences.timezone).toBe('Asia/Shanghai');
    expect(window.localStorage.getItem('user-timezone')).toBeNull();
  });

  it('checks again every 300 s and makes each offer once per page load', async () => {
    authStore.seed(users.free);
    browserIn('Asia/Shanghai');
    renderUpdates();
    await advance(0);
    browserIn('Asia/Tokyo');
    await advance(timezoneCheckIntervalMs - 1);
    expect(offers()).toHaveLength(0);

    await advance(1);
    const [offer] = offers();
    expect(offer).toBeInTheDocument();

    await advance(timezoneCheckIntervalMs * 3);
    expect(offers()).toHaveLength(1);
    expect(offers()[0]).toBe(offer);
  });

  it('checks at once when someone signs in', async () => {
    browserIn('Asia/Tokyo');
    renderUpdates();
    await advance(0);
    expect(offers()).toHaveLength(0);

    act(() => authStore.seed(users.free));
    await advance(0);
    expect(offers()).toHaveLength(1);
  });

  it('asks once per browser: a new page load does not ask again about the same zone, even unanswered', async () => {
    const { callsTo } = mockFetch({ 'PUT /api/auth/profile': ok(tokyoUser) });
    authStore.seed(users.free);
    browserIn('Asia/Tokyo');
    const first = renderUpdates();
    await advance(0);
    expect(offers()).toHaveLength(1);
    expect(window.localStorage.getItem('timezone-offer-asked')).toBe('Asia/Tokyo');
    // Left without an answer (a full page load, offline or not).
    first.unmount();

    renderUpdates();
    await advance(0);
    await advance(timezoneCheckIntervalMs);
    expect(offers()).toHaveLength(0);
    expect(callsTo('PUT', '/api/auth/profile')).toHaveLength(0);
  });

  it('asks again once the browser is in another zone than the one it was asked about', async () => {
    window.localStorage.setItem('timezone-offer-asked', 'Asia/Tokyo');
    authStore.seed(users.free);
    browserIn('Asia/Tokyo');
    renderUpdates();
    await advance(0);
    expect(offers()).toHaveLength(0);

    browserIn('Europe/London');
    await advance(timezoneCheckIntervalMs);
    expect(within(region()).getByRole('button', { name: 'Use Europe/London' })).toBeInTheDocument();
    expect(window.localStorage.getItem('timezone-offer-asked')).toBe('Europe/London');
  });

  it('says an open offer again in the new language after a language switch', async () => {
    authStore.seed(users.free);
    browserIn('Asia/Tokyo');
    const { i18n } = renderUpdates();
    await advance(0);
    expect(offers()).toHaveLength(1);

    await act(() => i18n.changeLanguage('zh'));
    await advance(0);
    expect(screen.queryAllByText('使用此设备的时区？')).toHaveLength(1);
    expect(offers()).toHaveLength(0);
    expect(screen.getByRole('button', { name: '使用 Asia/Tokyo' })).toBeInTheDocument();
    expect(screen.getByText('你的资料按 Asia/Shanghai 显示时间，而此设备的时区是 Asia/Tokyo。')).toBeInTheDocument();
  });
});
