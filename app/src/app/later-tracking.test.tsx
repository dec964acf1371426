// Behaviour tracking in the app: its code comes after the app started, and every page reached is
// then reported, with the pages' events noted before it came; with Do-Not-Track, Global Privacy
// Control or the listener's switch off, nothing is.
import { act, render, waitFor } from '@testing-library/react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router';
import { authStore } from '@/features/auth/auth-store';
import { trackingSessionKey } from '@/features/tracking/session-id';
import { noteEvent } from '@/lib/behavior-events';
import { json, mockAnyFetch } from '@/testing/fetch';
import { users } from '@/testing/users';
import { LaterTracking } from './later-tracking';

let navigate: NavigateFunction;
function Navigator() {
  navigate = useNavigate();
  return null;
}

function renderTracking(path = '/books') {
  const ok = json(200, { success: true, data: null });
  const fetched = mockAnyFetch({
    'POST /api/behavior/pageview': ok,
    'POST /api/behavior/browsing': ok,
    'POST /api/behavior/favorite': ok,
  });
  render(
    <MemoryRouter initialEntries={[path]}>
      <LaterTracking delayMs={50} />
      <Navigator />
    </MemoryRouter>,
  );
  return fetched;
}

const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

afterEach(() => {
  Reflect.deleteProperty(navigator, 'doNotTrack');
  Reflect.deleteProperty(navigator, 'globalPrivacyControl');
});

describe('behaviour tracking in the app', () => {
  it('reports the first page once its code is in, then each navigation, in one tracking session', async () => {
    const { callsTo } = renderTracking('/books');
    await waitFor(() => expect(callsTo('POST', '/api/behavior/pageview')).toHaveLength(1));
    await act(() => navigate('/search?q=sea'));
    await waitFor(() => expect(callsTo('POST', '/api/behavior/pageview')).toHaveLength(2));
    const [first, second] = callsTo('POST', '/api/behavior/pageview').map(
      (call) => call.body as { pageUrl: string; sessionId: string },
    );
    expect([first.pageUrl, second.pageUrl]).toEqual(['/books', '/search?q=sea']);
    expect(first.sessionId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(second.sessionId).toBe(first.sessionId);
    expect(window.sessionStorage.getItem(trackingSessionKey)).toBe(first.sessionId);
  });

  it('sends the events noted before its code came once it is in, in the same session, then each as noted', async () => {
    const { callsTo } = renderTracking('/books/7');
    noteEvent({ kind: 'favorite', bookId: 7, action: 'add' });
    noteEvent({ kind: 'favorite', bookId: 7, action: 'remove' });
    expect(callsTo('POST', '/api/behavior/favorite')).toHaveLength(0);
    await waitFor(() => expect(callsTo('POST', '/api/behavior/favorite')).toHaveLength(2));
    noteEvent({ kind: 'favorite', bookId: 8, action: 'add' });
    await waitFor(() => expect(callsTo('POST', '/api/behavior/favorite')).toHaveLength(3));
    const bodies = callsTo('POST', '/api/behavior/favorite').map(
      (call) => call.body as { bookId: number; action: string; sessionId: string; pageUrl: string },
    );
    expect(bodies.map(({ bookId, action }) => [bookId, action])).toEqual([
      [7, 'add'],
      [7, 'remove'],
      [8, 'add'],
    ]);
    const pageView = callsTo('POST', '/api/behavior/pageview')[0].body as { sessionId: string };
    expect(bodies.every((body) => body.sessionId === pageView.sessionId)).toBe(true);
  });

  it.each([
    ['Do-Not-Track', () => Object.defineProperty(navigator, 'doNotTrack', { value: '1', configurable: true })],
    [
      'Global Privacy Control',
      () => Object.defineProperty(navigator, 'globalPrivacyControl', { value: true, configurable: true }),
    ],
    [
      'the listener turned tracking off',
      () => authStore.seed({ ...users.free, preferences: { ...users.free.preferences, trackingEnabled: false } }),
    ],
  ])('sends nothing with %s', async (_name, decline) => {
    decline();
    const { calls } = renderTracking('/books');
    noteEvent({ kind: 'favorite', bookId: 7, action: 'add' });
    await wait(400);
    await act(() => navigate('/search'));
    noteEvent({ kind: 'search', query: 'sea', resultCount: 2 });
    await wait(400);
    expect(calls).toHaveLength(0);
  });

  it('sends again once a signed-in listener turns tracking back on', async () => {
    authStore.seed({ ...users.free, preferences: { ...users.free.preferences, trackingEnabled: false } });
    const { callsTo } = renderTracking('/books');
    await wait(400);
    expect(callsTo('POST', '/api/behavior/pageview')).toHaveLength(0);
    act(() => authStore.seed(users.free));
    await act(() => navigate('/search'));
    await waitFor(() => expect(callsTo('POST', '/api/behavior/pageview')).toHaveLength(1));
  });

  it('drops an event noted while the listener had tracking off, even when turned back on before the code came', async () => {
    authStore.seed({ ...users.free, preferences: { ...users.free.preferences, trackingEnabled: false } });
    const { callsTo } = renderTracking('/books/7');
    noteEvent({ kind: 'favorite', bookId: 7, action: 'add' });
    act(() => authStore.seed(users.free));
    // The tracking code is in and sending once a page view goes.
    await waitFor(() => expect(callsTo('POST', '/api/behavior/pageview').length).toBeGreaterThan(0));
    await wait(100);
    expect(callsTo('POST', '/api/behavior/favorite')).toHaveLength(0);
  });
});
