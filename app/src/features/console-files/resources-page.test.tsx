// The media library: the stored files as cards (images as pictures, audio with play), the kind
// filter in the address and sent, and files uploaded at the top appearing in the grid.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startUpload } from '@/lib/uploads';
import { page } from '@/testing/catalog-fixtures';
import { mockFetch, ok, type Call } from '@/testing/fetch';
import { audioFile, fakeUploads } from '@/testing/fake-uploads';
import { renderApp } from '@/testing/render-app';
import { asset, uploadView } from '@/testing/upload-fixtures';
import { users } from '@/testing/users';
import { adminFile, imageFile } from './fixtures';

vi.mock('@/lib/uploads', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/uploads')>()),
  startUpload: vi.fn(),
}));

const listCalls = (calls: Call[]) =>
  calls
    .filter((call) => call.method === 'GET' && new URL(call.url, 'http://x').pathname === '/api/admin/files')
    .map((call) => new URL(call.url, 'http://x').searchParams);

const cover = imageFile(4, { covers: [{ id: 9, titleZh: '活着' }] });
const audio = adminFile(3, {
  originalName: '第3章.mp3',
  chapterCount: 1,
  chapters: [{ id: 31, bookId: 5, bookTitle: '三体', idx: 3, titleZh: '射手与农场主' }],
});

describe('console media library', { timeout: 15_000 }, () => {
  it('shows images as pictures and audio with play, each with its use', async () => {
    mockFetch({ 'GET /api/admin/files': ok(page([cover, audio], 2, 24)) });
    const user = userEvent.setup();
    renderApp('/admin/resources', { user: users.editor });
    const grid = await screen.findByRole('list', { name: '资源库中的文件' }, { timeout: 5000 });
    expect(grid.children).toHaveLength(2);

    const picture = await within(grid).findByRole('img', { name: '图片 cover-4.jpg' });
    expect(picture).toHaveAttribute('src', '/api/admin/files/4/content?token=test-access-token');
    const coverCard = picture.closest('li')!;
    expect(coverCard).toHaveTextContent('图片 · 117.2 KB · 2024年5月20日');
    expect(within(coverCard).getByRole('link', { name: '《活着》的封面' })).toHaveAttribute(
      'href',
      '/admin/books/9/edit',
    );

    const audioCard = within(grid).getByText('第3章.mp3').closest('li')!;
    expect(audioCard).toHaveTextContent('音频 · 3.3 MB · 12:34 · 2024年5月20日');
    expect(within(audioCard).getByRole('link', { name: '《三体》第 3 章 射手与农场主' })).toBeInTheDocument();
    await user.click(within(audioCard).getByRole('button', { name: '试听 第3章.mp3' }));
    expect(await screen.findByLabelText('《第3章.mp3》的音频')).toHaveAttribute(
      'src',
      '/api/admin/files/3/content?token=test-access-token',
    );
  });

  it('filters by kind through the address', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/files': (call) =>
        ok(page(new URL(call.url, 'http://x').searchParams.get('kind') === 'image' ? [cover] : [cover, audio])),
    });
    const user = userEvent.setup();
    const { location } = renderApp('/admin/resources', { user: users.editor });
    await screen.findByText('第3章.mp3', undefined, { timeout: 5000 });
    await user.selectOptions(screen.getByLabelText('类型'), 'image');
    await waitFor(() => expect(new URLSearchParams(location().search).get('kind')).toBe('image'));
    await waitFor(() => expect(screen.queryByText('第3章.mp3')).not.toBeInTheDocument());
    expect(listCalls(calls).at(-1)?.get('kind')).toBe('image');
  });

  it('uploads files at the top, and a stored file appears in the grid', async () => {
    const uploads = fakeUploads();
    const fresh = adminFile(50, { originalName: '新录音.mp3' });
    const { calls } = mockFetch({ 'GET /api/admin/files': [ok(page([])), ok(page([fresh]))] });
    const user = userEvent.setup();
    renderApp('/admin/resources', { user: users.editor });
    expect(
      await screen.findByText('资源库还是空的——在上面上传文件吧', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '音频' })).toBeChecked();
    expect(screen.getByLabelText('选择文件')).toHaveAttribute('accept', expect.stringContaining('.opus,'));

    await user.upload(screen.getByLabelText('选择文件'), audioFile('新录音.mp3'));
    expect(vi.mocked(startUpload).mock.calls.map(([file, kind]) => [file.name, kind])).toEqual([
      ['新录音.mp3', 'audio'],
    ]);
    uploads[0].progress(1_750_000);
    expect(screen.getByRole('progressbar', { name: '新录音.mp3 的上传进度' })).toHaveAttribute('value', '1750000');
    expect(listCalls(calls)).toHaveLength(1);

    await uploads[0].finish(uploadView('1', '新录音.mp3', asset(50, { originalName: '新录音.mp3' })));
    const grid = await screen.findByRole('list', { name: '资源库中的文件' });
    expect(within(grid).getByText('新录音.mp3')).toBeInTheDocument();
    expect(listCalls(calls)).toHaveLength(2);

    await user.click(screen.getByRole('radio', { name: '图片' }));
    expect(screen.getByLabelText('选择文件')).toHaveAttribute('accept', expect.stringContaining('image/png'));
  });
});
