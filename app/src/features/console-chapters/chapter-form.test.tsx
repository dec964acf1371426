// The chapter form: core's rule before anything is sent, the audio uploaded with its progress and
// sent as `assetId`, the server's field errors next to their fields, a refused file's reason and
// retry, and the edit page's preview of the stored audio.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@/lib/http';
import { startUpload } from '@/lib/uploads';
import { apiError, mockFetch, ok } from '@/testing/fetch';
import { audioFile, fakeUploads } from '@/testing/fake-uploads';
import { renderApp } from '@/testing/render-app';
import { asset, uploadView } from '@/testing/upload-fixtures';
import { users } from '@/testing/users';
import { chapter, chapterList } from './fixtures';

vi.mock('@/lib/uploads', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/uploads')>()),
  startUpload: vi.fn(),
}));

const required = '此项为必填项。';

describe('console chapter form', { timeout: 15_000 }, () => {
  it('checks with core, uploads the audio with its progress, then creates the chapter with its assetId', async () => {
    const uploads = fakeUploads();
    const { callsTo } = mockFetch({
      'GET /api/admin/books/5/chapters': ok(chapterList([chapter(1, 1, '科学边界')])),
      'POST /api/admin/books/5/chapters': ok(chapter(9, 2, '新章')),
    });
    const user = userEvent.setup();
    const { location } = renderApp('/admin/books/5/chapters/create', { user: users.editor });
    await screen.findByRole('heading', { name: '为《三体》新建章节' }, { timeout: 5000 });
    expect(screen.getByRole('link', { name: '← 返回章节列表' })).toHaveAttribute('href', '/admin/books/5/chapters');

    await user.click(screen.getByRole('button', { name: '添加章节' }));
    const title = screen.getByLabelText(/^中文标题/);
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription(required);
    expect(title).toHaveFocus();
    expect(callsTo('POST', '/api/admin/books/5/chapters')).toHaveLength(0);

    await user.type(title, '  新章  ');
    // Typed in yuan, sent in fen.
    await user.type(screen.getByLabelText(/^人民币价格/), '1.5');
    expect(screen.getByLabelText(/^人民币价格/)).toHaveAccessibleDescription('显示为 ¥1.50');
    expect(screen.getByText('还没有音频。')).toBeInTheDocument();

    await user.upload(screen.getByLabelText('上传音频'), audioFile('新章.mp3'));
    expect(vi.mocked(startUpload)).toHaveBeenCalledTimes(1);
    expect(uploads[0].kind).toBe('audio');
    uploads[0].progress(1_750_000);
    const bar = screen.getByRole('progressbar', { name: '新章.mp3 的上传进度' });
    expect(bar).toHaveAttribute('value', '1750000');
    expect(bar).toHaveAttribute('max', '3500000');
    expect(screen.getByText(/^50%/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '添加章节' })).toBeDisabled();
    expect(screen.getByText('请等音频上传完成后再保存。')).toBeInTheDocument();

    await uploads[0].finish(uploadView('7', '新章.mp3', asset(41, { originalName: '新章.mp3', durationSecs: 754 })));
    expect(screen.getByText('已上传')).toBeInTheDocument();
    const facts = screen.getByText('文件名').closest('dl')!;
    expect(within(facts).getByText('新章.mp3')).toBeInTheDocument();
    expect(within(facts).getByText('12:34')).toBeInTheDocument();
    expect(within(facts).getByText('audio/mpeg')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '添加章节' }));
    await waitFor(() => expect(location().pathname).toBe('/admin/books/5/chapters'));
    expect(await screen.findByText('已添加第 2 章《新章》')).toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/books/5/chapters')[0].body).toEqual({
      titleZh: '新章',
      titleEn: null,
      titleJa: null,
      assetId: 41,
      isFree: false,
      priceCny: 150,
      priceUsd: null,
      priceJpy: null,
      published: true,
    });
  });

  it('names a chapter not yet named by its file’s title tag, and leaves a typed title alone', async () => {
    const uploads = fakeUploads();
    mockFetch({ 'GET /api/admin/books/5/chapters': ok(chapterList([chapter(1, 1, '科学边界')])) });
    const user = userEvent.setup();
    renderApp('/admin/books/5/chapters/create', { user: users.editor });
    await screen.findByRole('heading', { name: '为《三体》新建章节' }, { timeout: 5000 });
    const title = screen.getByLabelText(/^中文标题/);

    await user.upload(screen.getByLabelText('上传音频'), audioFile('ch1.mp3'));
    const tagged = asset(41, { originalName: 'ch1.mp3', tags: { title: '第一章 疯狂年代' } });
    await uploads[0].finish(uploadView('7', 'ch1.mp3', tagged));
    expect(title).toHaveValue('第一章 疯狂年代');

    await user.clear(title);
    await user.type(title, '自己的标题');
    await user.upload(screen.getByLabelText('替换音频'), audioFile('ch2.mp3'));
    await uploads[1].finish(
      uploadView('8', 'ch2.mp3', asset(42, { originalName: 'ch2.mp3', tags: { title: '另一个' } })),
    );
    expect(title).toHaveValue('自己的标题');
  });

  it('says what is wrong with a refused file, offers no retry for it, and tries a dropped one again', async () => {
    const uploads = fakeUploads();
    mockFetch({ 'GET /api/admin/books/5/chapters': ok(chapterList([])) });
    const user = userEvent.setup();
    renderApp('/admin/books/5/chapters/create', { user: users.editor });
    const input = await screen.findByLabelText('上传音频', undefined, { timeout: 5000 });
    await user.upload(input, audioFile('notes.mp3', 2048));
    await uploads[0].fail(
      new ApiError({
        statusCode: 415,
        statusMessage: '文件类型不被此上传接受。',
        message: '文件类型不被此上传接受。',
        code: 'unsupported_media_type',
        fields: { file: '可接受：音频；文件实际为 纯文本。' },
      }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('文件类型不被此上传接受。 可接受：音频；文件实际为 纯文本。');
    expect(screen.getByText('上传失败')).toBeInTheDocument();
    // The same bytes would be refused again.
    expect(screen.queryByRole('button', { name: '重试上传 notes.mp3' })).not.toBeInTheDocument();

    await user.upload(input, audioFile('ch1.mp3', 2048));
    await uploads[1].fail(new Error('offline'));
    await user.click(screen.getByRole('button', { name: '重试上传 ch1.mp3' }));
    await waitFor(() => expect(uploads).toHaveLength(3));
    expect(uploads[2].file.name).toBe('ch1.mp3');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('edits a chapter from the list across books: its audio, its preview, and the server’s field errors', async () => {
    const { callsTo } = mockFetch({
      'GET /api/admin/chapters/2': ok(chapter(2, 2, '台球', { isFree: true, priceJpy: 300 })),
      'PUT /api/admin/chapters/2': apiError(400, 'validation_failed', '请检查填写的内容', {
        titleEn: '英文标题不能超过 200 个字符。',
      }),
    });
    const user = userEvent.setup();
    renderApp('/admin/chapters/2/edit', { user: users.editor });
    await screen.findByRole('heading', { name: '编辑第 2 章《台球》' }, { timeout: 5000 });
    expect(screen.getByRole('link', { name: '← 返回章节列表' })).toHaveAttribute('href', '/admin/books/5/chapters');
    expect(screen.getByLabelText(/^中文标题/)).toHaveValue('台球');
    expect(screen.getByLabelText('免费收听')).toBeChecked();
    expect(screen.getByLabelText('发布')).toBeChecked();
    expect(screen.getByLabelText(/^日元价格/)).toHaveAccessibleDescription('显示为 ¥300');
    expect(screen.getByText('台球.mp3')).toBeInTheDocument();
    expect(screen.getByLabelText('替换音频')).toHaveAttribute('accept', expect.stringContaining('.opus,'));

    await user.click(screen.getByRole('button', { name: '试听' }));
    expect(await screen.findByLabelText('《台球》的音频')).toHaveAttribute(
      'src',
      '/api/admin/chapters/2/audio?token=test-access-token',
    );

    await user.type(screen.getByLabelText(/^英文标题/), 'The Billiard Ball');
    await user.click(screen.getByLabelText('发布'));
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^英文标题/)).toHaveAccessibleDescription('英文标题不能超过 200 个字符。'),
    );
    expect(callsTo('PUT', '/api/admin/chapters/2')[0].body).toEqual({
      titleZh: '台球',
      titleEn: 'The Billiard Ball',
      titleJa: null,
      assetId: 102,
      isFree: true,
      priceCny: null,
      priceUsd: null,
      priceJpy: 300,
      published: false,
    });
  });
});
