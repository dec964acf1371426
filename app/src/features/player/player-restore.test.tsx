// The player after a reload: the listener's last chapter back on the mini player at once, then
// paused at its saved position (nothing plays), per listener; closing the player forgets it; a
// chapter the server no longer has is forgotten, one out of reach for now stays hidden but kept; a
// guest who signs up takes their chapter and position along.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore } from '@/features/auth/auth-store';
import { chapterDetail } from '@/testing/catalog-fixtures';
import { apiError, mockFetch, ok, tokens } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';
import { lastChapter, lastChapterKey, rememberChapter } from './last-chapter';
import { progressQueueKey } from './progress-queue';
import { PlayerController } from './player-controller';
import { audio, chapters, controller, mockMediaElement } from './player-test-kit';

beforeEach(mockMediaElement);

/** A new start of the app (a reload) at `/`, once the player's start-up restore has finished. */
async function reload(options: Parameters<typeof renderApp>[1] = {}) {
  const restore = vi.spyOn(PlayerController.prototype, 'restore');
  const view = renderApp('/', options);
  await waitFor(() => expect(restore).toHaveBeenCalledTimes(1));
  await act(() => restore.mock.results[0].value as Promise<void>);
  restore.mockRestore();
  return view;
}

/** Plays a chapter in a first visit and leaves the page paused (which saves the position). */
async function listenAndLeave(chapterId: number, atSecs: number, options: Parameters<typeof renderApp>[1] = {}) {
  const first = renderApp('/', options);
  await act(() => controller().load(chapterId, { autoplay: true }));
  act(() => controller().seek(atSecs));
  act(() => controller().pause());
  first.unmount();
  vi.mocked(HTMLMediaElement.prototype.play).mockClear();
}

const savedProgress = ok({ chapterId: 1, positionSecs: 0, durationSecs: 125, completed: false, updatedAt: 1 });

describe('player restore', () => {
  it('brings the last chapter back after a reload, at once, then paused at its saved position', async () => {
    mockFetch(chapters);
    await listenAndLeave(2, 42);

    let answer = () => {};
    const held = new Promise<void>((resolve) => (answer = () => resolve()));
    mockFetch({
      'GET /api/chapters/2': async () => {
        await held;
        return ok(chapterDetail(2));
      },
    });
    renderApp('/');
    // Shown from what was remembered while the chapter is asked again.
    const player = await screen.findByTestId('player', undefined, { timeout: 5000 });
    expect(player).toHaveAttribute('data-status', 'loading');
    expect(player).toHaveTextContent('第2章');
    expect(player).toHaveTextContent('书7');
    expect(screen.getByTestId('player-time')).toHaveTextContent('00:42');

    act(() => answer());
    await waitFor(() => expect(player).toHaveAttribute('data-status', 'ready'));
    expect(audio().src).toMatch(/\/api\/chapters\/2\/audio$/);
    expect(audio().currentTime).toBe(42);
    expect(screen.getByTestId('player-play')).toHaveAccessibleName('播放');
    expect(within(player).getByRole('button', { name: '展开播放器' })).toHaveAttribute('aria-expanded', 'false');
    expect(HTMLMediaElement.prototype.play).not.toHaveBeenCalled();
    expect(controller().getSnapshot()).toMatchObject({ playing: false, currentTime: 42 });
  });

  it('brings back only the listener’s own chapter, a guest being a listener of their own', async () => {
    mockFetch({ ...chapters, 'GET /api/me/progress': ok({ items: [] }), 'PUT /api/me/progress/1': savedProgress });
    await listenAndLeave(1, 30, { user: users.free });
    authStore.reset();

    const asGuest = await reload();
    expect(screen.queryByTestId('player')).not.toBeInTheDocument();
    expect(controller().getSnapshot().status).toBe('idle');
    asGuest.unmount();
    authStore.reset();

    await reload({ user: users.free });
    expect(await screen.findByTestId('player')).toHaveTextContent('第1章');
    expect(controller().getSnapshot()).toMatchObject({ status: 'ready', playing: false });
  });

  it('carries a guest’s chapter and position over to the account they sign up for', async () => {
    const { callsTo } = mockFetch({
      ...chapters,
      'POST /api/auth/register': ok({ user: users.free, tokens: tokens(15 * 60_000, '9'), sessionId: 'session-9' }),
      'GET /api/me/progress': ok({ items: [] }),
      'PUT /api/me/progress/1': savedProgress,
    });
    const visit = renderApp('/');
    await act(() => controller().load(1, { autoplay: true }));
    act(() => controller().seek(42));
    act(() => controller().pause());
    expect(callsTo('PUT', '/api/me/progress/1')).toHaveLength(0);

    await act(() => authStore.register({ email: 'new@example.com', username: 'newcomer', password: 'Secret123' }));
    // The minutes listened as a guest reach the account (and so its history).
    await waitFor(() => expect(callsTo('PUT', '/api/me/progress/1')).toHaveLength(1));
    expect(callsTo('PUT', '/api/me/progress/1')[0].body).toMatchObject({ positionSecs: 42, completed: false });
    await waitFor(() => expect(window.localStorage.getItem(progressQueueKey)).toBeNull());
    expect(lastChapter(users.free.id)).toMatchObject({ chapter: { id: 1 }, positionSecs: 42 });
    expect(lastChapter(null)).toBeNull();
    visit.unmount();

    // A reload, signed in: the mini player is back.
    authStore.reset();
    await reload({ user: users.free });
    expect(await screen.findByTestId('player')).toHaveTextContent('第1章');
    expect(controller().getSnapshot()).toMatchObject({ status: 'ready', playing: false, currentTime: 42 });
  });

  it('forgets the chapter when the player is closed, stopping it, so the next start shows none', async () => {
    mockFetch(chapters);
    await listenAndLeave(1, 10);
    const second = await reload();
    const user = userEvent.setup();
    const player = await screen.findByTestId('player');
    await user.click(within(player).getByRole('button', { name: '播放' }));
    expect(controller().getSnapshot().playing).toBe(true);

    await user.click(within(player).getByRole('button', { name: '关闭播放器' }));
    expect(screen.queryByTestId('player')).not.toBeInTheDocument();
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalled();
    expect(audio()).not.toHaveAttribute('src');
    expect(controller().getSnapshot()).toMatchObject({ status: 'idle', chapter: null, playing: false });
    expect(window.localStorage.getItem(lastChapterKey)).toBeNull();

    second.unmount();
    await reload();
    expect(screen.queryByTestId('player')).not.toBeInTheDocument();
  });

  it('forgets a chapter the server no longer has, without showing anything', async () => {
    rememberChapter(null, chapterDetail(9), 30, 'server');
    mockFetch({ 'GET /api/chapters/9': apiError(404, 'not_found', '章节不存在') });
    await reload();
    expect(screen.queryByTestId('player')).not.toBeInTheDocument();
    expect(lastChapter(null)).toBeNull();
  });

  it('stays hidden but keeps the chapter when it cannot be reached now', async () => {
    rememberChapter(null, chapterDetail(9), 30, 'server');
    mockFetch({ 'GET /api/chapters/9': () => Promise.reject(new TypeError('Failed to fetch')) });
    await reload();
    expect(screen.queryByTestId('player')).not.toBeInTheDocument();
    expect(controller().getSnapshot().status).toBe('idle');
    expect(lastChapter(null)).toMatchObject({ chapter: { id: 9 }, positionSecs: 30 });
  });
});
