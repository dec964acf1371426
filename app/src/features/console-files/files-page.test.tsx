// The file browser: rows with previews, sizes, lengths, dates and uses as links; the search,
// filters, sort and page in the address and sent to the server; deleting an unused file once
// confirmed, and the server's reason when it refuses.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { page } from '@/testing/catalog-fixtures';
import { apiError, mockFetch, ok, type Call } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';
import { adminFile, imageFile } from './fixtures';

const listCalls = (calls: Call[]) =>
  calls
    .filter((call) => call.method === 'GET' && new URL(call.url, 'http://x').pathname === '/api/admin/files')
    .map((call) => new URL(call.url, 'http://x').searchParams);

const used = adminFile(3, {
  originalName: '第3章.mp3',
  chapterCount: 7,
  chapters: [{ id: 31, bookId: 5, bookTitle: '三体', idx: 3, titleZh: '射手与农场主' }],
});
const cover = imageFile(4, { covers: [{ id: 9, titleZh: '活着' }] });
const unused = adminFile(6, { originalName: '草稿.mp3', durationSecs: 3725 });

describe('console file browser', () => {
  it('shows each file’s preview, facts and uses, and plays audio with the token in the address', async () => {
    mockFetch({ 'GET /api/admin/files': ok(page([used, cover, unused], 3, 24)) });
    const user = userEvent.setup();
    renderApp('/admin/files', { user: users.editor });

    const name = await screen.findByText('第3章.mp3', undefined, { timeout: 5000 });
    const row = name.closest('tr')!;
    expect(within(row).getByText('音频')).toBeInTheDocument();
    expect(within(row).getByText('3.3 MB')).toBeInTheDocument();
    expect(within(row).getByText('12:34')).toBeInTheDocument();
    expect(within(row).getByText('2024年5月20日')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: '《三体》第 3 章 射手与农场主' })).toHaveAttribute(
      'href',
      '/admin/books/5/chapters/31/edit',
    );
    expect(within(row).getByText('另有 6 章')).toBeInTheDocument();
    // A file in use cannot be deleted.
    expect(within(row).queryByRole('button', { name: /删除/ })).not.toBeInTheDocument();

    const image = screen.getByText('cover-4.jpg').closest('tr')!;
    expect(within(image).getByText('117.2 KB')).toBeInTheDocument();
    expect(within(image).getByText('—')).toBeInTheDocument();
    expect(within(image).getByRole('link', { name: '《活着》的封面' })).toHaveAttribute('href', '/admin/books/9/edit');
    await waitFor(() =>
      expect(image.querySelector('img')).toHaveAttribute('src', '/api/admin/files/4/content?token=test-access-token'),
    );

    const draft = screen.getByText('草稿.mp3').closest('tr')!;
    expect(within(draft).getByText('未使用')).toBeInTheDocument();
    expect(within(draft).getByText('01:02:05')).toBeInTheDocument();
    expect(within(draft).getByRole('button', { name: '删除 草稿.mp3' })).toBeInTheDocument();

    await user.click(within(draft).getByRole('button', { name: '试听 草稿.mp3' }));
    expect(await screen.findByLabelText('《草稿.mp3》的音频')).toHaveAttribute(
      'src',
      '/api/admin/files/6/content?token=test-access-token',
    );
    expect(screen.getByText('共 3 个文件')).toBeInTheDocument();
  });

  it('keeps the search, filters, sort and page in the address and sends them', async () => {
    const { calls } = mockFetch({ 'GET /api/admin/files': ok(page([unused], 60, 24)) });
    const user = userEvent.setup();
    const { location } = renderApp('/admin/files', { user: users.editor });
    await screen.findByText('草稿.mp3', undefined, { timeout: 5000 });
    expect(listCalls(calls)[0].get('pageSize')).toBe('24');

    await user.selectOptions(screen.getByLabelText('类型'), 'image');
    await waitFor(() => expect(new URLSearchParams(location().search).get('kind')).toBe('image'));
    await user.selectOptions(screen.getByLabelText('使用情况'), 'false');
    await user.selectOptions(screen.getByLabelText('排序'), 'largest');
    await user.type(screen.getByRole('searchbox', { name: '搜索文件' }), '草稿{Enter}');
    await waitFor(() => expect(new URLSearchParams(location().search).get('q')).toBe('草稿'));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('q')).toBe('草稿'));
    const last = listCalls(calls).at(-1)!;
    expect([last.get('kind'), last.get('used'), last.get('sort')]).toEqual(['image', 'false', 'largest']);

    await user.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(new URLSearchParams(location().search).get('page')).toBe('2'));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('page')).toBe('2'));
  });

  it('deletes an unused file once confirmed, and shows why the server refuses another', async () => {
    const other = adminFile(8, { originalName: '旧版.mp3' });
    const { callsTo } = mockFetch({
      'GET /api/admin/files': [ok(page([unused, other])), ok(page([other]))],
      'DELETE /api/admin/files/6': ok(null),
      'DELETE /api/admin/files/8': apiError(409, 'file_in_use', '这个文件刚被《三体》第 9 章用上了，不能删除。'),
    });
    const user = userEvent.setup();
    renderApp('/admin/files', { user: users.editor });
    await user.click(await screen.findByRole('button', { name: '删除 草稿.mp3' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('alertdialog', { name: '删除文件 草稿.mp3？' });
    expect(callsTo('DELETE', '/api/admin/files/6')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('已删除文件 草稿.mp3')).toBeInTheDocument();
    expect(callsTo('DELETE', '/api/admin/files/6')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('草稿.mp3')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: '删除 旧版.mp3' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('这个文件刚被《三体》第 9 章用上了，不能删除。')).toBeInTheDocument();
  });

  it('tells an empty store from a list the filters emptied', async () => {
    mockFetch({ 'GET /api/admin/files': ok(page([])) });
    renderApp('/admin/files?used=false', { user: users.editor });
    expect(
      await screen.findByText('没有符合条件的文件，换个筛选试试', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('使用情况')).toHaveValue('false');
  });
});
