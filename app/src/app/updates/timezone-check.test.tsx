// The time-zone offer: made to a signed-in listener whose browser zone is allowed by core and differs from the profile's, once per zone, never again in the tab once declined.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { AppProvider } from '@/app/provider';
import { authStore } from '@/features/auth/auth-store';
import { createQueryClient } from '@/lib/queries/client';
import { apiError, mockFetch, ok } from '@/testing/fetch';
import { createTestI18n } from '@/testing/i18n';
import { users } from '@/testing/users';
import { AppUpdates } from './app-updates';
import { timezoneCheckIntervalMs } from './timezone-offer';

// users.free keeps its times in Asia/Shanghai.
const tokyoUser = { ...users.free, preferences: { ...users.free.preferences, timezone: 'Asia/Tokyo' } };

function browserIn(timeZone: string) {
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
    timeZone,
  } as Intl.ResolvedDateTimeFormatOptions);
}

function renderUpdates() {
  return render(
    <AppProvider i18n={createTestI18n('en')} queryClient={createQueryClient()}>
      <AppUpdates pollBuilds={false} />
    </AppProvider>,
  );
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
    // Accepting is not declining.
    expect(window.sessionStorage.getItem('timezone-offer-declined')).toBeNull();

    await advance(timezoneCheckIntervalMs);
    expect(offers()).toHaveLength(0);
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

  it('does not ask again in this tab about a zone whose offer was closed', async () => {
    const { callsTo } = mockFetch({ 'PUT /api/auth/profile': ok(tokyoUser) });
    authStore.seed(users.free);
    browserIn('Asia/Tokyo');
    const first = renderUpdates();
    await advance(0);
    fireEvent.click(within(region()).getByRole('button', { name: 'Close notification' }));
    await advance(0);
    expect(JSON.parse(window.sessionStorage.getItem('timezone-offer-declined') ?? '[]')).toEqual(['Asia/Tokyo']);
    first.unmount();

    // A new page load in the same tab.
    renderUpdates();
    await advance(0);
    await advance(timezoneCheckIntervalMs);
    expect(offers()).toHaveLength(0);
    expect(callsTo('PUT', '/api/auth/profile')).toHaveLength(0);
  });
});
