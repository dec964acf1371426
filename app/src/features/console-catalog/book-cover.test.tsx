// The book's cover on its edit page: an empty frame, an image uploaded with its progress that
// becomes the cover (PUT with the stored file's id), a refused image's reason, removal once
// confirmed; and the create page saying when a cover can be added.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startUpload } from '@/lib/uploads';
import { apiError, mockFetch, ok } from '@/testing/fetch';
import { fakeUploads } from '@/testing/fake-uploads';
import { renderApp } from '@/testing/render-app';
import { asset, uploadView } from '@/testing/upload-fixtures';
import { users } from '@/testing/users';
import { adminBook, category } from './fixtures';

vi.mock('@/lib/uploads', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/uploads')>()),
  startUpload: vi.fn(),
}));

const categories = ok({ items: [category(3, '科幻')] });
const picture = (name: string) => new File([new Uint8Array(2048)], name, { type: 'image/png', lastModified: 1 });
const stored = (id: number, name: string) =>
  uploadView(
    String(id),
    name,
    asset(id, { kind: 'image', mime: 'image/png', durationSecs: 0, originalName: name }),
    'image',
  );
const withCover = (assetId: number) =>
  adminBook(5, { titleZh: '旧书', coverAssetId: assetId, coverUrl: `/api/covers/${assetId}/large` });

describe('console book cover', { timeout: 15_000 }, () => {
  it('uploads an image, makes it the cover, and removes the cover once confirmed', async () => {
    const uploads = fakeUploads();
    const { callsTo } = mockFetch({
      'GET /api/admin/categories': categories,
      'GET /api/admin/books/5': [
        ok(adminBook(5, { titleZh: '旧书' })),
        ok(withCover(78)),
        ok(adminBook(5, { titleZh: '旧书' })),
      ],
      'PUT /api/admin/books/5/cover': (call) =>
        (call.body as { assetId: number | null }).assetId === null
          ? ok(adminBook(5, { titleZh: '旧书' }))
          : ok(withCover(78)),
    });
    const user = userEvent.setup();
    renderApp('/admin/books/5/edit', { user: users.editor });
    const section = await screen.findByRole('region', { name: '封面' }, { timeout: 5000 });
    expect(within(section).getByRole('img', { name: '暂无封面' })).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: '移除封面' })).not.toBeInTheDocument();
    const input = within(section).getByLabelText('上传封面');
    expect(input).toHaveAttribute('accept', expect.stringContaining('image/png'));

    await user.upload(input, picture('cover.png'));
    expect(vi.mocked(startUpload).mock.calls.map(([file, kind]) => [file.name, kind])).toEqual([
      ['cover.png', 'image'],
    ]);
    uploads[0].progress(1024);
    expect(within(section).getByRole('progressbar', { name: 'cover.png 的上传进度' })).toHaveAttribute('value', '1024');
    expect(callsTo('PUT', '/api/admin/books/5/cover')).toHaveLength(0);

    await uploads[0].finish(stored(78, 'cover.png'));
    expect(await screen.findByText('封面已更新')).toBeInTheDocument();
    expect(callsTo('PUT', '/api/admin/books/5/cover').map((call) => call.body)).toEqual([{ assetId: 78 }]);
    expect(within(section).getByRole('img', { name: '《旧书》的封面' })).toHaveAttribute(
      'src',
      '/api/covers/78/medium',
    );
    expect(within(section).getByLabelText('更换封面')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: '移除封面' }));
    const dialog = await screen.findByRole('alertdialog', { name: '移除《旧书》的封面？' });
    expect(callsTo('PUT', '/api/admin/books/5/cover')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: '移除封面' }));
    expect(await screen.findByText('已移除封面')).toBeInTheDocument();
    expect(callsTo('PUT', '/api/admin/books/5/cover').map((call) => call.body)).toEqual([
      { assetId: 78 },
      { assetId: null },
    ]);
    await waitFor(() => expect(within(section).getByRole('img', { name: '暂无封面' })).toBeInTheDocument());
  });

  it('shows the current cover, and why the server refused an image', async () => {
    const uploads = fakeUploads();
    mockFetch({
      'GET /api/admin/categories': categories,
      'GET /api/admin/books/5': ok(withCover(60)),
      'PUT /api/admin/books/5/cover': apiError(415, 'unsupported_media_type', '这张图片无法读取，请换一张。'),
    });
    const user = userEvent.setup();
    renderApp('/admin/books/5/edit', { user: users.editor });
    const section = await screen.findByRole('region', { name: '封面' }, { timeout: 5000 });
    expect(within(section).getByRole('img', { name: '《旧书》的封面' })).toHaveAttribute(
      'src',
      '/api/covers/60/medium',
    );

    await user.upload(within(section).getByLabelText('更换封面'), picture('broken.png'));
    await uploads[0].finish(stored(79, 'broken.png'));
    expect(await within(section).findByRole('alert')).toHaveTextContent('这张图片无法读取，请换一张。');
    expect(within(section).getByRole('img', { name: '《旧书》的封面' })).toHaveAttribute(
      'src',
      '/api/covers/60/medium',
    );
  });

  it('says on the create page that the cover comes once the book is saved', async () => {
    mockFetch({ 'GET /api/admin/categories': categories });
    renderApp('/admin/books/create', { user: users.editor });
    expect(
      await screen.findByText('封面可以在作品创建后添加：保存后会直接打开编辑页。', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '封面' })).not.toBeInTheDocument();
  });
});
