// The book page's offline download: members download the book and follow it until it is kept;
// others see no button; a refusal (membership lapsed) is explained.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { downloads } from '@/lib/downloads/download-manager';
import { bookDetail, chapter, page } from '@/testing/catalog-fixtures';
import { downloadGrant, downloadItem } from '@/testing/download-fixtures';
import { installFakeCaches } from '@/testing/fake-caches';
import { apiError, mockFetch, ok, type ContractRoutes } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';

const bookPage: ContractRoutes = {
  'GET /api/books/7': ok(bookDetail(7, { chapterCount: 2 })),
  'GET /api/books/7/chapters': ok(page([chapter(1), chapter(2)])),
};

beforeEach(() => {
  installFakeCaches();
  downloads.reset();
});

afterEach(() => downloads.reset());

describe('download book button', () => {
  it('downloads the book for a member and says when it is kept', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { callsTo } = mockFetch({
      ...bookPage,
      'POST /api/me/downloads': ok(downloadGrant([downloadItem(1), downloadItem(2)])),
      'GET /api/chapters/1/audio': async () => {
        await held;
        return new Response(new Uint8Array(1000));
      },
      'GET /api/chapters/2/audio': () => new Response(new Uint8Array(1000)),
    });
    const user = userEvent.setup();
    renderApp('/books/7', { user: users.premium });
    await user.click(await screen.findByRole('button', { name: '下载全书' }, { timeout: 5000 }));

    expect(callsTo('POST', '/api/me/downloads')[0].body).toEqual({ bookId: 7 });
    const panel = screen.getByTestId('book-download');
    expect(await within(panel).findByRole('progressbar', { name: '正在下载《书7》' })).toBeInTheDocument();
    expect(panel).toHaveTextContent('正在下载 1/2 章…');
    release();
    expect(await within(panel).findByText('已下载，可离线收听')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: '管理下载' })).toHaveAttribute('href', '/downloads');
  });

  it('is not offered to a listener who is not a member', async () => {
    mockFetch(bookPage);
    renderApp('/books/7', { user: users.free });
    expect(await screen.findByRole('heading', { level: 1, name: '书7' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '下载全书' })).not.toBeInTheDocument();
  });

  it('explains a refusal because the membership lapsed', async () => {
    mockFetch({ ...bookPage, 'POST /api/me/downloads': apiError(403, 'premium_required', '需要会员') });
    const user = userEvent.setup();
    renderApp('/books/7', { user: users.premium });
    await user.click(await screen.findByRole('button', { name: '下载全书' }, { timeout: 5000 }));
    await waitFor(() => expect(screen.getByTestId('book-download')).toHaveTextContent('离线下载为会员专享。'));
  });
});
