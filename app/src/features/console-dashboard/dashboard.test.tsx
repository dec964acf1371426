// The console's first page: the figures as core formats them, what needs attention (or that
// nothing does), the recent changes in words with links to their records, refresh and failure.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Dashboard, RecentChange } from '@/lib/api/types';
import { apiError, mockFetch, ok } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';

const minutesAgo = (minutes: number) => Date.now() - minutes * 60_000;

function change(
  id: number,
  action: string,
  entity: string,
  entityId: string,
  actorName = 'admin',
  bookTitle: string | null = null,
): RecentChange {
  return { id, action, entity, entityId, bookTitle, actorName, createdAt: minutesAgo(5) };
}

function dashboard(patch: Partial<Dashboard> = {}): Dashboard {
  return {
    books: 20,
    publishedBooks: 12,
    chapters: 15_000,
    publishedChapters: 14_000,
    chaptersWithoutAudio: 3,
    users: 25_000,
    newUsers: { last24h: 4, last7d: 31 },
    plays: { last24h: 1_234, last7d: 8_765 },
    storedFiles: 128,
    storedBytes: 2_500_000_000,
    failedUploads: 2,
    recentChanges: [
      change(9, 'book.update', 'book', '12', '编辑小王'),
      change(8, 'chapter.delete', 'chapter', '33'),
      change(7, 'asset.create', 'asset', '7'),
      change(6, 'promotion.create', 'promotion', '2'),
    ],
    generatedAt: Date.now(),
    ...patch,
  };
}

describe('console dashboard', () => {
  it('names a changed book by its title, and a deleted one by its id', async () => {
    const recentChanges = [
      change(3, 'book.update', 'book', '13', '编辑小王', '三体'),
      change(2, 'book.delete', 'book', '14'),
    ];
    mockFetch({ 'GET /api/admin/dashboard': ok(dashboard({ recentChanges })) });
    renderApp('/admin', { user: users.editor });
    const region = await screen.findByRole('region', { name: '最近的改动' }, { timeout: 5000 });
    const [changed, deleted] = within(region).getAllByRole('listitem');
    expect(within(changed).getByRole('link', { name: '作品《三体》' })).toHaveAttribute('href', '/admin/books/13/edit');
    expect(changed).not.toHaveTextContent('#13');
    expect(deleted).toHaveTextContent('删除作品 · 作品 #14');
  });

  it('shows the figures, what needs attention and the recent changes linked to their records', async () => {
    mockFetch({ 'GET /api/admin/dashboard': ok(dashboard()) });
    renderApp('/admin', { user: users.editor });
    expect(await screen.findByRole('heading', { level: 1, name: '概览' }, { timeout: 5000 })).toBeInTheDocument();

    const catalogue = await screen.findByRole('region', { name: '作品库' });
    expect(within(catalogue).getByText('共 20 本作品，已上架 12 本')).toBeInTheDocument();
    // Numbers as core formats them (zh: 15,000 → 1.5万).
    expect(within(catalogue).getByText('共 1.5万 章，已发布 1.4万 章')).toBeInTheDocument();
    const listeners = screen.getByRole('region', { name: '听众' });
    expect(within(listeners).getByText('2.5万')).toBeInTheDocument();
    expect(within(listeners).getByText('近 24 小时新增 4 人')).toBeInTheDocument();
    expect(within(listeners).getByText('近 7 天新增 31 人')).toBeInTheDocument();
    const listening = screen.getByRole('region', { name: '收听（近 24 小时）' });
    expect(within(listening).getByText('近 7 天收听 8,765 章次')).toBeInTheDocument();
    const storage = screen.getByRole('region', { name: '存储' });
    expect(within(storage).getByText('2.3 GB')).toBeInTheDocument();
    expect(within(storage).getByText('共 128 个文件')).toBeInTheDocument();

    const attention = screen.getByRole('region', { name: '需要处理' });
    expect(within(attention).getByRole('link', { name: '3 个章节没有音频' })).toHaveAttribute(
      'href',
      '/admin/chapters?audio=missing',
    );
    expect(within(attention).getByText('近 7 天有 2 个上传失败')).toBeInTheDocument();
    expect(within(attention).queryByText('一切正常，没有需要处理的事项')).not.toBeInTheDocument();

    const changes = within(screen.getByRole('region', { name: '最近的改动' })).getAllByRole('listitem');
    expect(changes).toHaveLength(4);
    expect(changes[0]).toHaveTextContent('编辑小王 · 修改作品 · 作品 #12');
    expect(changes[0]).toHaveTextContent('5分钟前');
    expect(within(changes[0]).getByRole('link', { name: '作品 #12' })).toHaveAttribute('href', '/admin/books/12/edit');
    // A deleted record has no page any more.
    expect(changes[1]).toHaveTextContent('删除章节 · 章节 #33');
    expect(within(changes[1]).queryByRole('link')).not.toBeInTheDocument();
    expect(within(changes[2]).getByRole('link', { name: '文件 #7' })).toHaveAttribute('href', '/admin/files?q=7');
    // An action the app has no words for is shown as the server wrote it.
    expect(changes[3]).toHaveTextContent('admin · promotion.create · promotion #2');
  });

  it('says nothing needs attention, and asks again on refresh', async () => {
    const { callsTo } = mockFetch({
      'GET /api/admin/dashboard': [
        ok(dashboard({ chaptersWithoutAudio: 0, failedUploads: 0, recentChanges: [] })),
        ok(dashboard({ chaptersWithoutAudio: 0, failedUploads: 0, recentChanges: [], books: 21 })),
      ],
    });
    const user = userEvent.setup();
    renderApp('/admin', { user: users.admin });
    const attention = await screen.findByRole('region', { name: '需要处理' }, { timeout: 5000 });
    expect(within(attention).getByText('一切正常，没有需要处理的事项')).toBeInTheDocument();
    expect(within(attention).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText('还没有改动记录')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '刷新' }));
    expect(await screen.findByText('共 21 本作品，已上架 12 本')).toBeInTheDocument();
    expect(callsTo('GET', '/api/admin/dashboard')).toHaveLength(2);
  });

  it('shows the server’s refusal and tries again', async () => {
    mockFetch({
      'GET /api/admin/dashboard': [
        apiError(403, 'forbidden', '需要 manage:books 权限'),
        ok(dashboard({ chaptersWithoutAudio: 0, failedUploads: 0 })),
      ],
    });
    const user = userEvent.setup();
    renderApp('/admin', { user: users.editorWithoutBooks });
    const alert = await screen.findByRole('alert', undefined, { timeout: 5000 });
    expect(alert).toHaveTextContent('需要 manage:books 权限');
    await user.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('一切正常，没有需要处理的事项')).toBeInTheDocument();
  });
});
