// The downloads page: books with their chapters, sizes, total and quota; progress while chapters
// arrive; removal after a confirmation; the lapsed membership explained (no play buttons); the
// empty state; and a viewer who is not a member.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { AppProvider } from '@/app/provider';
import { authStore } from '@/features/auth/auth-store';
import { PlayerProvider } from '@/features/player';
import { formatFileSize } from '@/lib/core-pages';
import { audioKey, downloadsCacheName, readRecord } from '@/lib/downloads/download-cache';
import { downloads } from '@/lib/downloads/download-manager';
import { createQueryClient } from '@/lib/queries/client';
import { audioBytes, downloadGrant, downloadItem, downloadRecord, keepDownload } from '@/testing/download-fixtures';
import { installFakeCaches, type FakeCacheStorage } from '@/testing/fake-caches';
import { apiError, mockFetch, ok, type Call } from '@/testing/fetch';
import { createTestI18n } from '@/testing/i18n';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';
import { DownloadsPage } from './downloads-page';

const size = (bytes: number) => formatFileSize({ bytes, lang: 'zh' });
const mib = 1024 * 1024;

/** Renews whatever it is asked for, a week on. */
const renewing = (call: Call) => {
  const { bookId, chapterIds } = call.body as { bookId: number; chapterIds: number[] };
  return ok(
    downloadGrant(
      chapterIds.map((id) => downloadItem(id, { bookId })),
      { bookId, bookTitle: `书${bookId}` },
    ),
  );
};

let storage: FakeCacheStorage;

beforeEach(() => {
  storage = installFakeCaches();
  downloads.reset();
  Object.defineProperty(navigator, 'storage', {
    configurable: true,
    value: {
      estimate: () => Promise.resolve({ usage: 5 * mib, quota: 100 * mib }),
      persist: () => Promise.resolve(true),
    },
  });
});

afterEach(() => {
  downloads.reset();
  Reflect.deleteProperty(navigator, 'storage');
});

async function keepTwoBooks() {
  await keepDownload(storage, downloadRecord(1, { bytes: 1500 }));
  await keepDownload(storage, downloadRecord(2, { bytes: 2500 }));
  await keepDownload(storage, downloadRecord(31, { bookId: 8, bookTitle: '书8', bytes: 4000, title: '第三十一章' }));
}

describe('downloads page', () => {
  it('lists the downloads by book with their sizes, the total and the browser quota', async () => {
    await keepTwoBooks();
    const { callsTo } = mockFetch({ 'POST /api/me/downloads': renewing });
    renderApp('/downloads', { user: users.premium });

    const seven = await screen.findByTestId('download-book-7', undefined, { timeout: 5000 });
    expect(within(seven).getByRole('heading', { level: 2, name: '书7' })).toBeInTheDocument();
    expect(seven).toHaveTextContent(`2 章 · ${size(4000)}`);
    expect(within(seven).getByTestId('download-chapter-1')).toHaveTextContent(`第1章02:05 · ${size(1500)}`);
    expect(within(seven).getByTestId('play-offline-2')).toHaveAccessibleName('离线播放“第2章”');
    expect(within(screen.getByTestId('download-book-8')).getByRole('heading', { name: '书8' })).toBeInTheDocument();
    expect(screen.getByTestId('download-book-8')).toHaveTextContent(`1 章 · ${size(4000)}`);
    expect(screen.getByTestId('downloads-total')).toHaveTextContent(`已下载：${size(8000)}`);
    expect(await screen.findByText(`浏览器存储已用：${size(5 * mib)} / ${size(100 * mib)}`)).toHaveAttribute(
      'data-testid',
      'downloads-quota',
    );
    expect(screen.queryByTestId('downloads-lapsed')).not.toBeInTheDocument();
    // Opening the page renews the grants, book by book.
    await waitFor(() => expect(callsTo('POST', '/api/me/downloads')).toHaveLength(2));
  });

  it('removes a chapter, then a book, after a confirmation', async () => {
    await keepTwoBooks();
    mockFetch({ 'POST /api/me/downloads': renewing });
    const user = userEvent.setup();
    renderApp('/downloads', { user: users.premium });

    await user.click(await screen.findByTestId('remove-download-1', undefined, { timeout: 5000 }));
    const dialog = await screen.findByRole('alertdialog', { name: '从本设备删除“第1章”吗？' });
    await user.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(screen.queryByTestId('download-chapter-1')).not.toBeInTheDocument());
    expect(await readRecord(1)).toBeNull();
    expect((await storage.open(downloadsCacheName)).paths()).not.toContain(audioKey(1));

    await user.click(screen.getByRole('button', { name: '删除本书《书8》' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '删除本书' }));
    await waitFor(() => expect(screen.queryByTestId('download-book-8')).not.toBeInTheDocument());
    expect(screen.getByTestId('downloads-total')).toHaveTextContent(`已下载：${size(2500)}`);
  });

  it('explains a lapsed membership, with the way back, instead of play buttons', async () => {
    await keepTwoBooks();
    mockFetch({ 'POST /api/me/downloads': apiError(403, 'premium_required', '需要会员') });
    renderApp('/downloads', { user: users.premium });

    const notice = await screen.findByTestId('downloads-lapsed', undefined, { timeout: 5000 });
    expect(notice).toHaveTextContent('会员已到期');
    const link = within(notice).getByRole('link', { name: '续费会员' });
    const target = new URL(link.getAttribute('href')!, 'http://localhost');
    expect(target.pathname).toBe('/premium');
    expect(target.searchParams.get('redirect')).toBe('/downloads');
    expect(target.searchParams.get('reason')).toBe('premium_required');
    expect(screen.getByTestId('download-chapter-1')).toBeInTheDocument();
    expect(screen.queryByTestId('play-offline-1')).not.toBeInTheDocument();
    expect((await readRecord(1))?.lapsed).toBe(true);
  });

  it('shows each chapter’s progress while it downloads', async () => {
    mockFetch({ 'POST /api/me/downloads': renewing });
    renderApp('/downloads', { user: users.premium });
    expect(await screen.findByText(/还没有下载内容/, undefined, { timeout: 5000 })).toBeInTheDocument();

    let send!: (bytes: Uint8Array) => void;
    let finish!: () => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        send = (bytes) => controller.enqueue(bytes);
        finish = () => controller.close();
      },
    });
    mockFetch({
      'POST /api/me/downloads': ok(downloadGrant([downloadItem(5, { bytes: 1000 })])),
      'GET /api/chapters/5/audio': () => new Response(body),
    });
    await downloads.download({ bookId: 7 });

    const progress = await screen.findByTestId('download-progress-5');
    expect(progress).toHaveAttribute('role', 'progressbar');
    expect(progress).toHaveAccessibleName('正在下载“第5章”');
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '0'));
    send(audioBytes(250));
    await waitFor(() => expect(screen.getByTestId('download-progress-5')).toHaveAttribute('aria-valuenow', '25'));
    send(audioBytes(750));
    finish();
    expect(await screen.findByTestId('play-offline-5')).toBeInTheDocument();
    expect(screen.queryByTestId('download-progress-5')).not.toBeInTheDocument();
  });

  it('explains how to download when there is nothing yet', async () => {
    const { callsTo } = mockFetch({});
    renderApp('/downloads', { user: users.premium });
    expect(
      await screen.findByText(/打开一本书的页面，选择“下载全书”/, undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去逛逛' })).toHaveAttribute('href', '/books');
    expect(screen.getByTestId('downloads-total')).toHaveTextContent(`已下载：${size(0)}`);
    expect(callsTo('POST', '/api/me/downloads')).toHaveLength(0);
  });

  it('explains membership to a viewer who is not a member, without play buttons', async () => {
    await keepDownload(storage, downloadRecord(1));
    mockFetch({ 'POST /api/me/downloads': apiError(403, 'premium_required', '需要会员') });
    authStore.seed(users.expiredPremium);
    render(
      <AppProvider i18n={createTestI18n()} queryClient={createQueryClient()}>
        <MemoryRouter>
          <PlayerProvider>
            <DownloadsPage />
          </PlayerProvider>
        </MemoryRouter>
      </AppProvider>,
    );
    expect(await screen.findByTestId('download-chapter-1')).toBeInTheDocument();
    expect(screen.getByTestId('downloads-lapsed')).toBeInTheDocument();
    expect(screen.queryByTestId('play-offline-1')).not.toBeInTheDocument();
  });
});
