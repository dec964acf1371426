// Batch upload: many files dropped at once upload three at a time with their own progress; their
// titles and order come from core's reading of the file names; rows are corrected (title, free,
// order, removal) before one save, which waits for every upload and shows the server's
// `chapters.<n>.<field>` errors on their rows.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminChapter } from '@/lib/api/types';
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

const names = ['第十二章 重逢.mp3', '第2章 雨夜.mp3', 'Chapter 10 - Storm.mp3', '序言.mp3', '003 山路.mp3'];
const titles = () => screen.getAllByLabelText(/^标题/).map((input) => (input as HTMLInputElement).value);
const row = (place: number) => screen.getByRole('group', { name: new RegExp(`^第 ${place} 个`) });

describe('console batch upload', { timeout: 20_000 }, () => {
  it('uploads three at a time, orders by chapter number, and saves the corrected rows in one request', async () => {
    const uploads = fakeUploads();
    const created = (count: number) =>
      Array.from({ length: count }, (_, index): AdminChapter => chapter(20 + index, 2 + index, `新章${index}`));
    const { callsTo } = mockFetch({
      'GET /api/admin/books/5/chapters': ok(chapterList([chapter(1, 1, '科学边界')])),
      'POST /api/admin/books/5/chapters/batch': [
        apiError(400, 'validation_failed', '请检查填写的内容', { 'chapters.1.titleZh': '这个标题已在本书中使用。' }),
        ok(created(4)),
      ],
    });
    const user = userEvent.setup();
    const { location } = renderApp('/admin/books/5/chapters/batch-create', { user: users.editor });
    await screen.findByRole('heading', { name: '为《三体》批量添加章节' }, { timeout: 5000 });
    expect(screen.getByText('新章节会接在现有的 1 章之后。')).toBeInTheDocument();

    await user.upload(
      screen.getByLabelText('选择音频文件'),
      names.map((name) => audioFile(name, 1000)),
    );
    expect(titles()).toEqual(['第2章 雨夜', '山路', 'Chapter 10 - Storm', '第十二章 重逢', '序言']);
    // Three send at once, in the rows' order; the others wait their turn.
    expect(uploads.map((upload) => upload.file.name)).toEqual([
      '第2章 雨夜.mp3',
      '003 山路.mp3',
      'Chapter 10 - Storm.mp3',
    ]);
    expect(within(row(4)).getByText('等待上传')).toBeInTheDocument();
    const save = () => screen.getByRole('button', { name: /^保存 \d 个章节$/ });
    expect(save()).toBeDisabled();
    expect(save()).toHaveTextContent('保存 5 个章节');

    uploads[0].progress(250);
    expect(within(row(1)).getByRole('progressbar', { name: '第2章 雨夜.mp3 的上传进度' })).toHaveAttribute(
      'value',
      '250',
    );
    expect(within(row(1)).getByText(/^25%/)).toBeInTheDocument();
    await uploads[0].finish(uploadView('1', '第2章 雨夜.mp3', asset(51, { durationSecs: 754 })));
    expect(within(row(1)).getByText(/时长 12:34/)).toBeInTheDocument();
    await waitFor(() => expect(uploads).toHaveLength(4));

    // A row removed while its file sends stops that upload.
    await user.click(within(row(3)).getByRole('button', { name: '移除' }));
    expect(uploads[2].abort).toHaveBeenCalled();
    expect(titles()).toEqual(['第2章 雨夜', '山路', '第十二章 重逢', '序言']);
    await waitFor(() => expect(uploads).toHaveLength(5));

    await user.click(within(row(2)).getByRole('checkbox', { name: '免费' }));
    await user.click(within(row(4)).getByRole('button', { name: '上移' }));
    expect(titles()).toEqual(['第2章 雨夜', '山路', '序言', '第十二章 重逢']);
    expect(within(row(3)).getByRole('button', { name: '上移' })).toHaveFocus();

    await uploads[1].finish(uploadView('2', '003 山路.mp3', asset(52)));
    await uploads[3].finish(uploadView('4', '第十二章 重逢.mp3', asset(54)));
    expect(save()).toBeDisabled();
    expect(screen.getByText('还有 1 个文件在上传，传完后才能保存。')).toBeInTheDocument();
    await uploads[4].finish(uploadView('5', '序言.mp3', asset(55)));
    expect(save()).toBeEnabled();
    expect(save()).toHaveTextContent('保存 4 个章节');

    // Core checks every row first.
    const third = within(row(3)).getByLabelText(/^标题/);
    await user.clear(third);
    await user.click(save());
    expect(third).toHaveAttribute('aria-invalid', 'true');
    expect(third).toHaveAccessibleDescription('此项为必填项。');
    expect(third).toHaveFocus();
    expect(callsTo('POST', '/api/admin/books/5/chapters/batch')).toHaveLength(0);
    await user.type(third, '序章');

    // The server's error lands on its row.
    await user.click(save());
    await waitFor(() =>
      expect(within(row(2)).getByLabelText(/^标题/)).toHaveAccessibleDescription('这个标题已在本书中使用。'),
    );
    await user.type(within(row(2)).getByLabelText(/^标题/), '（上）');
    await user.click(save());

    await waitFor(() => expect(location().pathname).toBe('/admin/books/5/chapters'));
    expect(await screen.findByText('已添加 4 个章节')).toBeInTheDocument();
    const sent = callsTo('POST', '/api/admin/books/5/chapters/batch').map(
      (call) => (call.body as { chapters: { titleZh: string; assetId: number; isFree: boolean }[] }).chapters,
    );
    expect(sent).toHaveLength(2);
    expect(sent[1].map(({ titleZh, assetId, isFree }) => ({ titleZh, assetId, isFree }))).toEqual([
      { titleZh: '第2章 雨夜', assetId: 51, isFree: false },
      { titleZh: '山路（上）', assetId: 52, isFree: true },
      { titleZh: '序章', assetId: 55, isFree: false },
      { titleZh: '第十二章 重逢', assetId: 54, isFree: false },
    ]);
    expect(sent[1].every((body) => (body as unknown as { published: boolean }).published)).toBe(true);
  });

  it('takes a stored file’s title tag as the title, unless the editor already changed it', async () => {
    const uploads = fakeUploads();
    mockFetch({ 'GET /api/admin/books/5/chapters': ok(chapterList([])) });
    renderApp('/admin/books/5/chapters/batch-create', { user: users.editor });
    const zone = await screen.findByRole('group', { name: /把文件拖到这里/ }, { timeout: 5000 });
    const opus = (name: string) => new File([new Uint8Array(10)], name, { type: 'audio/ogg', lastModified: 1 });
    fireEvent.drop(zone, { dataTransfer: { files: [opus('ch1.opus'), opus('ch2.opus'), opus('ch3.opus')] } });
    expect(titles()).toEqual(['ch1', 'ch2', 'ch3']);

    await userEvent.clear(within(row(2)).getByLabelText(/^标题/));
    await userEvent.type(within(row(2)).getByLabelText(/^标题/), '改过的标题');
    const tagged = (id: number, title: string) => asset(id, { mime: 'audio/ogg', tags: { title } });
    await uploads[0].finish(uploadView('1', 'ch1.opus', tagged(71, '第一章 雨夜')));
    await uploads[1].finish(uploadView('2', 'ch2.opus', tagged(72, '第二章 山路')));
    await uploads[2].finish(uploadView('3', 'ch3.opus', asset(73, { mime: 'audio/ogg' })));
    expect(titles()).toEqual(['第一章 雨夜', '改过的标题', 'ch3']);
  });

  it('takes files dropped on the zone, and a failed one must be retried or removed before saving', async () => {
    const uploads = fakeUploads();
    mockFetch({ 'GET /api/admin/books/5/chapters': ok(chapterList([])) });
    renderApp('/admin/books/5/chapters/batch-create', { user: users.editor });
    const zone = await screen.findByRole('group', { name: /把文件拖到这里/ }, { timeout: 5000 });
    fireEvent.drop(zone, { dataTransfer: { files: [audioFile('01 开端.mp3', 10), audioFile('02 转折.mp3', 10)] } });
    expect(titles()).toEqual(['开端', '转折']);

    await uploads[0].finish(uploadView('1', '01 开端.mp3', asset(61)));
    await uploads[1].fail(new Error('offline'));
    expect(within(row(2)).getByRole('alert')).toHaveTextContent('上传失败，请重试。');
    expect(screen.getByText('有 1 个文件上传失败：重试或移除后才能保存。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '保存 2 个章节' })).toBeDisabled();

    await userEvent.click(within(row(2)).getByRole('button', { name: '重试上传 02 转折.mp3' }));
    await waitFor(() => expect(uploads).toHaveLength(3));
    await uploads[2].finish(uploadView('3', '02 转折.mp3', asset(62)));
    expect(screen.getByRole('button', { name: '保存 2 个章节' })).toBeEnabled();
  });
});
