// A chapter page's offline download: a member downloads that one chapter (a grant naming it alone)
// and sees it kept; others see no button.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { downloads } from '@/lib/downloads/download-manager';
import { chapterDetail } from '@/testing/catalog-fixtures';
import { downloadGrant, downloadItem } from '@/testing/download-fixtures';
import { installFakeCaches } from '@/testing/fake-caches';
import { mockFetch, ok } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';

beforeEach(() => {
  installFakeCaches();
  downloads.reset();
});

afterEach(() => downloads.reset());

describe('download chapter button', () => {
  it('downloads only this chapter for a member and says when it is kept', async () => {
    const { callsTo } = mockFetch({
      'GET /api/chapters/2': ok(chapterDetail(2)),
      'POST /api/me/downloads': ok(downloadGrant([downloadItem(2)])),
      'GET /api/chapters/2/audio': () => new Response(new Uint8Array(1000)),
    });
    const user = userEvent.setup();
    renderApp('/books/7/chapters/2', { user: users.premium });
    await user.click(await screen.findByRole('button', { name: '下载本章' }, { timeout: 5000 }));

    expect(callsTo('POST', '/api/me/downloads').map((call) => call.body)).toEqual([{ bookId: 7, chapterIds: [2] }]);
    const panel = screen.getByTestId('chapter-download');
    expect(await within(panel).findByText('本章已下载，可离线收听')).toBeInTheDocument();
    expect(downloads.getSnapshot().records.map((record) => record.chapterId)).toEqual([2]);
    expect(within(panel).getByRole('link', { name: '管理下载' })).toHaveAttribute('href', '/downloads');
  });

  it('is not offered to a listener who is not a member', async () => {
    mockFetch({ 'GET /api/chapters/2': ok(chapterDetail(2)) });
    renderApp('/books/7/chapters/2', { user: users.free });
    expect(await screen.findByRole('heading', { level: 1, name: '第2章' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '下载本章' })).not.toBeInTheDocument();
  });
});
