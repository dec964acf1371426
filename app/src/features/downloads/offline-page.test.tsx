// The offline page: in the simple layout, it says the network is unavailable, lists what is
// downloaded (playable by a member), leads to the downloads page, and offers the way home once the
// browser is back online; in every language.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { downloads } from '@/lib/downloads/download-manager';
import { downloadGrant, downloadItem, downloadRecord, keepDownload } from '@/testing/download-fixtures';
import { installFakeCaches, type FakeCacheStorage } from '@/testing/fake-caches';
import { mockFetch, ok, type Call } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';

const failedToFetch = () => Promise.reject(new TypeError('Failed to fetch'));

/** Renews whatever it is asked for, a week on. */
const renewing = (call: Call) => {
  const { bookId, chapterIds } = call.body as { bookId: number; chapterIds: number[] };
  return ok(downloadGrant(chapterIds.map((id) => downloadItem(id, { bookId }))));
};

let storage: FakeCacheStorage;
let online: boolean;

/** The browser's connection goes up or down, and says so as browsers do. */
function setOnline(value: boolean) {
  online = value;
  act(() => {
    window.dispatchEvent(new Event(value ? 'online' : 'offline'));
  });
}

beforeEach(() => {
  storage = installFakeCaches();
  downloads.reset();
  online = false;
  vi.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
});

// Still rendered here (the shared cleanup comes after): the reset is a state change like any other.
afterEach(() => act(() => downloads.reset()));

describe('offline page', () => {
  it('says the network is unavailable, lists the downloads in the simple layout and plays one', async () => {
    await keepDownload(storage, downloadRecord(5, { title: '离线第五章' }));
    await keepDownload(storage, downloadRecord(6, { title: '离线第六章' }));
    const { calls } = mockFetch({ 'GET /api/chapters/5': failedToFetch, 'GET /api/me/progress': failedToFetch });
    const user = userEvent.setup();
    const { container, location } = renderApp('/offline', { user: users.premium });

    expect(await screen.findByRole('heading', { level: 1, name: '网络不可用' }, { timeout: 5000 })).toBeInTheDocument();
    expect(container.querySelector('.layout--simple')).not.toBeNull();
    expect(screen.getByText(/已下载到本设备的章节仍然可以收听/)).toHaveAttribute('role', 'status');
    const book = await screen.findByTestId('download-book-7');
    expect(within(book).getByTestId('download-chapter-5')).toHaveTextContent('离线第五章');
    expect(within(book).getByTestId('download-chapter-6')).toHaveTextContent('离线第六章');
    expect(screen.getByRole('link', { name: '管理下载' })).toHaveAttribute('href', '/premium/downloads');
    // Offline, nothing is renewed.
    expect(calls.some((call) => call.url.includes('/api/me/downloads'))).toBe(false);

    await user.click(screen.getByTestId('play-offline-5'));
    await waitFor(() => expect(screen.getByTestId('player')).toHaveTextContent('离线第五章'));
    expect(location().pathname).toBe('/offline');
  });

  it('says so when "try again" finds no connection, and goes home once the network is back', async () => {
    await keepDownload(storage, downloadRecord(5));
    const { callsTo } = mockFetch({ 'POST /api/me/downloads': renewing });
    const user = userEvent.setup();
    const { location } = renderApp('/offline', { user: users.premium });

    await user.click(await screen.findByRole('button', { name: '重试' }, { timeout: 5000 }));
    expect(screen.getByText('仍然没有网络连接，请检查网络后再试。')).toBeInTheDocument();
    expect(location().pathname).toBe('/offline');

    setOnline(true);
    expect(await screen.findByRole('heading', { level: 1, name: '网络已恢复' })).toBeInTheDocument();
    // Back online, the downloads' offline passes are renewed.
    await waitFor(() => expect(callsTo('POST', '/api/me/downloads')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: '返回首页' }));
    await waitFor(() => expect(location().pathname).toBe('/'));
  });

  it('explains that nothing is downloaded yet', async () => {
    mockFetch({});
    renderApp('/offline');
    expect(await screen.findByText(/本设备上还没有下载内容/, undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByTestId('downloads-lapsed')).not.toBeInTheDocument();
  });

  it('speaks English under /en/offline and goes back to /en', async () => {
    mockFetch({});
    const user = userEvent.setup();
    const { location } = renderApp('/en/offline');
    expect(
      await screen.findByRole('heading', { level: 1, name: "You're offline" }, { timeout: 5000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Offline - Tingshu$/));
    setOnline(true);
    await user.click(await screen.findByRole('button', { name: 'Back to home' }));
    await waitFor(() => expect(location().pathname).toBe('/en'));
  });

  it('speaks Japanese under /ja/offline', async () => {
    mockFetch({});
    renderApp('/ja/offline');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'オフラインです' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ダウンロードを管理' })).toHaveAttribute('href', '/ja/premium/downloads');
  });
});
