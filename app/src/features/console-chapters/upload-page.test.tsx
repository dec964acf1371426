// The generic upload page: audio or image, the files' progress, and what each stored file became.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startUpload } from '@/lib/uploads';
import { mockFetch } from '@/testing/fetch';
import { audioFile, fakeUploads } from '@/testing/fake-uploads';
import { renderApp } from '@/testing/render-app';
import { asset, uploadView } from '@/testing/upload-fixtures';
import { users } from '@/testing/users';

vi.mock('@/lib/uploads', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/uploads')>()),
  startUpload: vi.fn(),
}));

describe('console upload page', { timeout: 15_000 }, () => {
  it('uploads audio and images, and shows each stored file’s name, type, size, length and id', async () => {
    const uploads = fakeUploads();
    mockFetch({});
    const user = userEvent.setup();
    renderApp('/admin/upload', { user: users.editor });
    await screen.findByRole('heading', { name: '上传文件' }, { timeout: 5000 });
    expect(screen.getByRole('radio', { name: '音频' })).toBeChecked();
    expect(screen.getByLabelText('选择文件')).toHaveAttribute('accept', expect.stringContaining('.opus,'));

    await user.upload(screen.getByLabelText('选择文件'), [audioFile('序章.mp3'), audioFile('第1章.mp3')]);
    expect(vi.mocked(startUpload).mock.calls.map(([file, kind]) => [file.name, kind])).toEqual([
      ['序章.mp3', 'audio'],
      ['第1章.mp3', 'audio'],
    ]);
    const list = screen.getByRole('list', { name: '上传的文件' });
    expect(within(list).getAllByRole('progressbar')).toHaveLength(2);

    await uploads[0].finish(uploadView('1', '序章.mp3', asset(77, { originalName: '序章.mp3', durationSecs: 3725 })));
    const first = within(list).getByText('序章.mp3', { selector: 'strong' }).closest('li')!;
    const facts = first.querySelector('dl')!;
    expect(within(facts).getByText('audio/mpeg')).toBeInTheDocument();
    expect(within(facts).getByText('01:02:05')).toBeInTheDocument();
    expect(within(facts).getByText('77')).toBeInTheDocument();
    expect(within(facts).getByText('3.3 MB')).toBeInTheDocument();

    // A cancelled file leaves the list and its upload stops.
    await user.click(within(list).getByRole('button', { name: '取消上传 第1章.mp3' }));
    expect(uploads[1].abort).toHaveBeenCalled();
    expect(within(list).queryByText('第1章.mp3')).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: '图片' }));
    const picker = screen.getByLabelText('选择文件');
    expect(picker).toHaveAttribute('accept', expect.stringContaining('image/png'));
    await user.upload(picker, new File(['png'], 'cover.png', { type: 'image/png' }));
    expect(uploads[2].kind).toBe('image');
    await uploads[2].finish(
      uploadView(
        '3',
        'cover.png',
        asset(78, { kind: 'image', mime: 'image/png', durationSecs: 0, originalName: 'cover.png' }),
        'image',
      ),
    );
    const cover = within(list).getByText('cover.png', { selector: 'strong' }).closest('li')!;
    expect(within(cover).getByText('image/png')).toBeInTheDocument();
    expect(within(cover).queryByText('时长')).not.toBeInTheDocument();
  });
});
