// The player without a network: a downloaded chapter plays from its stored record (no chapter read
// from the server, progress failures harmless), goes on to the next downloaded chapter, and
// positions saved offline are queued and sent with their own time once back online.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { chapterDetail } from '@/testing/catalog-fixtures';
import { downloadRecord, keepDownload } from '@/testing/download-fixtures';
import { installFakeCaches } from '@/testing/fake-caches';
import { mockFetch, ok } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';
import { downloads } from '@/lib/downloads/download-manager';
import { audio, controller, mockMediaElement } from './player-test-kit';
import { progressQueueKey } from './progress-queue';

const offline = () => Promise.reject(new TypeError('Failed to fetch'));

beforeEach(() => {
  mockMediaElement();
  downloads.reset();
});

async function keepBook() {
  const storage = installFakeCaches();
  downloads.reset();
  await keepDownload(storage, downloadRecord(5, { title: '离线第五章' }));
  await keepDownload(storage, downloadRecord(6, { title: '离线第六章' }));
  return storage;
}

describe('offline playback', () => {
  it('plays a download from the downloads page without asking the server for the chapter', async () => {
    await keepBook();
    const { calls } = mockFetch({
      'POST /api/me/downloads': offline,
      'GET /api/me/progress': offline,
      'GET /api/chapters/5': offline,
    });
    const user = userEvent.setup();
    renderApp('/downloads', { user: users.premium });
    await user.click(await screen.findByTestId('play-offline-5', undefined, { timeout: 5000 }));

    await waitFor(() => expect(screen.getByTestId('player-play')).toHaveAccessibleName('暂停'));
    expect(screen.getByTestId('player')).toHaveTextContent('离线第五章');
    expect(screen.getByTestId('player')).toHaveTextContent('书7');
    expect(audio().src).toMatch(/\/api\/chapters\/5\/audio$/);
    expect(calls.some((call) => call.url.endsWith('/api/chapters/5'))).toBe(false);
    expect(controller().getSnapshot().chapter).toMatchObject({ id: 5, prevId: null, nextId: 6 });
  });

  it('falls back to the download when the chapter cannot be loaded offline, and goes on to the next one', async () => {
    await keepBook();
    mockFetch({ 'GET /api/chapters/5': offline, 'GET /api/chapters/6': offline });
    renderApp('/');
    await act(() => controller().load(5, { autoplay: true }));
    expect(controller().getSnapshot().status).toBe('ready');
    expect(audio().src).toMatch(/\/api\/chapters\/5\/audio$/);

    act(() => {
      audio().dispatchEvent(new Event('ended'));
    });
    await waitFor(() => expect(audio().src).toMatch(/\/api\/chapters\/6\/audio$/));
    expect(screen.getByTestId('player')).toHaveTextContent('离线第六章');
  });

  it('brings a downloaded chapter back after a reload, paused, without asking the server', async () => {
    await keepBook();
    const { calls } = mockFetch({ 'GET /api/chapters/5': offline });
    const first = renderApp('/');
    await act(() => controller().playDownload(5));
    first.unmount();

    renderApp('/');
    const player = await screen.findByTestId('player', undefined, { timeout: 5000 });
    await waitFor(() => expect(player).toHaveAttribute('data-status', 'ready'));
    expect(player).toHaveTextContent('离线第五章');
    expect(audio().src).toMatch(/\/api\/chapters\/5\/audio$/);
    expect(controller().getSnapshot()).toMatchObject({ playing: false, chapter: { id: 5, nextId: 6 } });
    expect(HTMLMediaElement.prototype.play).not.toHaveBeenCalled();
    expect(calls.some((call) => call.url.endsWith('/api/chapters/5'))).toBe(false);
  });

  it('shows the error when a chapter is neither reachable nor downloaded', async () => {
    installFakeCaches();
    mockFetch({ 'GET /api/chapters/9': offline });
    renderApp('/');
    await act(() => controller().load(9, { autoplay: true }));
    expect(controller().getSnapshot().status).toBe('error');
  });

  it('queues positions saved offline and sends them with their own time once back online', async () => {
    const { callsTo } = mockFetch({
      'GET /api/chapters/1': ok(chapterDetail(1)),
      'GET /api/me/progress': ok({ items: [] }),
      'PUT /api/me/progress/1': ok({
        chapterId: 1,
        positionSecs: 0,
        durationSecs: 125,
        completed: false,
        updatedAt: 1,
      }),
    });
    renderApp('/', { user: users.free });
    await act(() => controller().load(1, { autoplay: true }));

    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => controller().pause());
    expect(callsTo('PUT', '/api/me/progress/1')).toHaveLength(0);
    const [queued] = JSON.parse(window.localStorage.getItem(progressQueueKey)!);
    expect(queued).toMatchObject({ userId: users.free.id, chapterId: 1, body: { completed: false } });

    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(callsTo('PUT', '/api/me/progress/1')).toHaveLength(1));
    expect(callsTo('PUT', '/api/me/progress/1')[0].body).toEqual(queued.body);
    await waitFor(() => expect(window.localStorage.getItem(progressQueueKey)).toBeNull());
  });

  it('queues a save whose request found no network', async () => {
    const { callsTo } = mockFetch({
      'GET /api/chapters/1': ok(chapterDetail(1)),
      'GET /api/me/progress': ok({ items: [] }),
      'PUT /api/me/progress/1': offline,
    });
    renderApp('/', { user: users.free });
    await act(() => controller().load(1, { autoplay: true }));
    act(() => controller().pause());
    await waitFor(() => expect(window.localStorage.getItem(progressQueueKey)).not.toBeNull());
    expect(callsTo('PUT', '/api/me/progress/1')).toHaveLength(1);
  });
});
