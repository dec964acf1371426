// The persistent player: controls, navigation, keyboard, speed, sleep timer, progress sync,
// resume (newest wins), Media Session and access messages. HTMLMediaElement play/pause are mocked.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { chapterDetail } from '@/testing/catalog-fixtures';
import { mockFetch, ok } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';
import { audio, chapters, controller, mockMediaElement } from './player-test-kit';

beforeEach(mockMediaElement);

async function startPlaying(options: Parameters<typeof renderApp>[1] = {}) {
  const user = userEvent.setup();
  const view = renderApp('/books/7/chapters/1', options);
  await user.click(await screen.findByRole('button', { name: '播放本章' }, { timeout: 5000 }));
  await waitFor(() => expect(screen.getByTestId('player-play')).toHaveAccessibleName('暂停'));
  return { user, ...view };
}

describe('player', () => {
  it('plays a chapter, pauses from the bar and keeps playing across navigation', async () => {
    mockFetch({ ...chapters, 'GET /api/categories': ok([]) });
    const { user, router } = await startPlaying();
    const element = audio();
    expect(element.src).toMatch(/\/api\/chapters\/1\/audio$/);
    expect(screen.getByTestId('player')).toHaveTextContent('第1章');
    expect(screen.getByTestId('player-time')).toHaveTextContent('00:00');

    await act(() => router.navigate('/categories'));
    expect(await screen.findByRole('heading', { level: 1, name: '分类' })).toBeInTheDocument();
    expect(audio()).toBe(element);
    expect(HTMLMediaElement.prototype.pause).not.toHaveBeenCalled();
    expect(screen.getByTestId('player-play')).toHaveAccessibleName('暂停');

    await user.click(screen.getByTestId('player-play'));
    expect(screen.getByTestId('player-play')).toHaveAccessibleName('播放');
  });

  it('answers keyboard shortcuts, but not while typing', async () => {
    const { calls } = mockFetch({ ...chapters, 'GET /api/categories': ok([]) });
    const { user, router } = await startPlaying();
    await user.keyboard('{ArrowRight}');
    expect(audio().currentTime).toBe(15);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(audio().currentTime).toBe(0);
    fireEvent.keyDown(document.body, { key: ' ', code: 'Space' });
    expect(screen.getByTestId('player-play')).toHaveAccessibleName('播放');
    fireEvent.keyDown(document.body, { key: ' ', code: 'Space' });
    expect(screen.getByTestId('player-play')).toHaveAccessibleName('暂停');

    await act(() => router.navigate('/search'));
    const input = await screen.findByRole('searchbox', { name: '关键词' });
    await user.type(input, ' {ArrowRight}');
    expect(screen.getByTestId('player-play')).toHaveAccessibleName('暂停');
    expect(audio().currentTime).toBe(0);

    input.blur();
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}');
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/api/chapters/2'))).toBe(true));
    await waitFor(() => expect(screen.getByTestId('player')).toHaveTextContent('第2章'));
  });

  it('remembers the speed, clamped by core', async () => {
    window.localStorage.setItem('player.rate', '9');
    mockFetch(chapters);
    const { user } = await startPlaying();
    expect(audio().playbackRate).toBe(3);
    await user.click(screen.getByRole('button', { name: '展开播放器' }));
    const speed = screen.getByLabelText('倍速');
    expect(speed).toHaveValue('3');
    await user.selectOptions(speed, '1.5');
    expect(audio().playbackRate).toBe(1.5);
    expect(window.localStorage.getItem('player.rate')).toBe('1.5');
  });

  it('stops at the end of a sleep timer, with a countdown', async () => {
    mockFetch(chapters);
    const { user } = await startPlaying();
    await user.click(screen.getByRole('button', { name: '展开播放器' }));
    vi.useFakeTimers();
    act(() => controller().setSleep(15));
    expect(screen.getByLabelText('定时关闭')).toHaveValue('15');
    act(() => vi.advanceTimersByTime(61_000));
    expect(screen.getByTestId('player-sleep')).toHaveTextContent('13:59 后停止播放');
    expect(screen.getByTestId('player-play')).toHaveAccessibleName('暂停');
    act(() => vi.advanceTimersByTime(14 * 60_000));
    expect(screen.getByTestId('player-play')).toHaveAccessibleName('播放');
    expect(screen.queryByTestId('player-sleep')).not.toBeInTheDocument();
  });

  it('stops at the end of the chapter instead of going on when asked to', async () => {
    const { calls } = mockFetch(chapters);
    await startPlaying();
    act(() => controller().setSleep('chapterEnd'));
    act(() => {
      audio().dispatchEvent(new Event('ended'));
    });
    expect(calls.some((c) => c.url.endsWith('/api/chapters/2'))).toBe(false);
    expect(controller().getSnapshot().sleep).toBeNull();
  });

  it('resumes at the newest saved position and saves every 10 s, on pause, at the end and on page hide', async () => {
    const now = Date.now();
    window.localStorage.setItem(
      'player.progress.1',
      JSON.stringify({ positionSecs: 20, durationSecs: 125, completed: false, updatedAt: now - 60_000 }),
    );
    const { callsTo } = mockFetch({
      ...chapters,
      'GET /api/me/progress': ok({
        items: [{ chapterId: 1, positionSecs: 42, durationSecs: 125, completed: false, updatedAt: now - 1000 }],
      }),
      'PUT /api/me/progress/1': ok({
        chapterId: 1,
        positionSecs: 42,
        durationSecs: 125,
        completed: false,
        updatedAt: now,
      }),
    });
    await startPlaying({ user: users.free });
    expect(audio().currentTime).toBe(42);
    expect(callsTo('GET', '/api/me/progress?bookId=7')).toHaveLength(1);

    vi.useFakeTimers();
    act(() => controller().setSleep(null));
    // Restart the 10-second cadence under fake timers.
    act(() => {
      audio().dispatchEvent(new Event('play'));
    });
    await act(async () => vi.advanceTimersByTime(10_000));
    expect(callsTo('PUT', '/api/me/progress/1')).toHaveLength(1);
    await act(async () => vi.advanceTimersByTime(20_000));
    expect(callsTo('PUT', '/api/me/progress/1')).toHaveLength(3);
    expect(callsTo('PUT', '/api/me/progress/1')[0].body).toMatchObject({
      positionSecs: 42,
      durationSecs: 125,
      completed: false,
    });

    await act(async () => controller().pause());
    expect(callsTo('PUT', '/api/me/progress/1')).toHaveLength(4);
    await act(async () => vi.advanceTimersByTime(30_000));
    expect(callsTo('PUT', '/api/me/progress/1')).toHaveLength(4);

    const sendBeacon = vi.fn(() => true);
    // jsdom's own getters (`onLine`) refuse a stand-in navigator: it answers them itself.
    vi.stubGlobal(
      'navigator',
      Object.create(navigator, { sendBeacon: { value: sendBeacon }, onLine: { value: true } }),
    );
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, body] = sendBeacon.mock.calls[0] as unknown as [string, string];
    expect(url).toBe('/api/me/progress/1?token=test-access-token');
    expect(JSON.parse(body)).toMatchObject({ positionSecs: 42, completed: false });

    vi.useRealTimers();
    act(() => {
      audio().dispatchEvent(new Event('ended'));
    });
    await waitFor(() => expect(callsTo('PUT', '/api/me/progress/1').at(-1)!.body).toMatchObject({ completed: true }));
  });

  it('keeps a newer local position over an older server one', async () => {
    const now = Date.now();
    window.localStorage.setItem(
      'player.progress.1',
      JSON.stringify({ positionSecs: 80, durationSecs: 125, completed: false, updatedAt: now }),
    );
    mockFetch({
      ...chapters,
      'GET /api/me/progress': ok({
        items: [{ chapterId: 1, positionSecs: 42, durationSecs: 125, completed: false, updatedAt: now - 5000 }],
      }),
    });
    await startPlaying({ user: users.free });
    expect(audio().currentTime).toBe(80);
  });

  it('goes on to the next chapter at the end', async () => {
    const { calls } = mockFetch(chapters);
    await startPlaying();
    act(() => {
      audio().dispatchEvent(new Event('ended'));
    });
    await waitFor(() => expect(audio().src).toMatch(/\/api\/chapters\/2\/audio$/));
    expect(calls.some((c) => c.url.endsWith('/api/chapters/2'))).toBe(true);
  });

  it('fills the Media Session with the chapter and its actions', async () => {
    const setActionHandler = vi.fn();
    const session = { setActionHandler, metadata: null as unknown };
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { mediaSession: session }));
    vi.stubGlobal(
      'MediaMetadata',
      class {
        constructor(public init: Record<string, unknown>) {
          Object.assign(this, init);
        }
      },
    );
    mockFetch(chapters);
    await startPlaying();
    expect(session.metadata).toMatchObject({ title: '第1章', artist: '作者甲', album: '书7' });
    const actions = setActionHandler.mock.calls.map(([action]) => action);
    expect(actions).toEqual(
      expect.arrayContaining(['play', 'pause', 'seekbackward', 'seekforward', 'previoustrack', 'nexttrack', 'seekto']),
    );
    const seekForward = setActionHandler.mock.calls.find(([action]) => action === 'seekforward')![1];
    act(() => seekForward({}));
    expect(audio().currentTime).toBe(15);
  });

  it('shows the position on the lock screen on load, as playback advances, on seek and speed change', async () => {
    const setPositionState = vi.fn();
    const session = { setActionHandler: vi.fn(), setPositionState, metadata: null as unknown };
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { mediaSession: session }));
    vi.stubGlobal('MediaMetadata', class {});
    mockFetch({ ...chapters, 'GET /api/chapters/3': ok(chapterDetail(3, { durationSecs: 0 })) });
    const { user } = await startPlaying();
    expect(setPositionState).toHaveBeenLastCalledWith({ duration: 125, playbackRate: 1, position: 0 });

    act(() => {
      audio().currentTime = 20;
      audio().dispatchEvent(new Event('timeupdate'));
    });
    expect(setPositionState).toHaveBeenLastCalledWith({ duration: 125, playbackRate: 1, position: 20 });
    await user.keyboard('{ArrowRight}');
    expect(setPositionState).toHaveBeenLastCalledWith({ duration: 125, playbackRate: 1, position: 35 });
    act(() => controller().seek(500));
    expect(setPositionState).toHaveBeenLastCalledWith({ duration: 125, playbackRate: 1, position: 125 });
    act(() => controller().setRate(1.5));
    expect(setPositionState).toHaveBeenLastCalledWith({ duration: 125, playbackRate: 1.5, position: 125 });

    // No finite duration (neither the element's nor the chapter's): nothing the browser would take.
    act(() => controller().pause());
    setPositionState.mockClear();
    await act(() => controller().load(3));
    act(() => {
      audio().dispatchEvent(new Event('timeupdate'));
    });
    expect(controller().getSnapshot().status).toBe('ready');
    expect(setPositionState).not.toHaveBeenCalled();

    // Closing the player clears the lock screen.
    act(() => controller().close());
    expect(setPositionState).toHaveBeenLastCalledWith();
    expect(session.metadata).toBeNull();
  });

  it('asks for membership when a chapter is not allowed', async () => {
    mockFetch({
      'GET /api/books/7': ok({
        ...chapterDetail(1).book,
        description: '',
        descriptionLang: 'zh',
        me: null,
        viewerAccess: { kind: 'membership', allowed: false },
      }),
      'GET /api/books/7/chapters': ok({
        items: [{ ...chapterDetail(2), access: { kind: 'membership', allowed: false } }],
        total: 1,
        page: 1,
        pageSize: 100,
      }),
      'GET /api/chapters/2': ok(
        chapterDetail(2, { audio: null, isFree: false, access: { kind: 'membership', allowed: false } }),
      ),
    });
    const user = userEvent.setup();
    renderApp('/books/7', { user: users.free });
    await user.click(await screen.findByRole('button', { name: '播放：第2章' }, { timeout: 5000 }));
    const notice = await within(await screen.findByTestId('player')).findByTestId('player-access');
    expect(notice).toHaveTextContent('本章为会员专享，开通会员即可收听');
    // The upgrade page says why, and brings the listener back here once they are a member.
    expect(within(notice).getByRole('link', { name: '开通会员' })).toHaveAttribute(
      'href',
      '/premium?redirect=%2Fbooks%2F7&reason=premium_required',
    );
    expect(HTMLMediaElement.prototype.play).not.toHaveBeenCalled();
  });
});
