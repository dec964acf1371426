// The import page (a check lists every bad record; the import runs only after a clean check and
// shows its progress) and the export page (rows counted as they arrive, then saved).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, json, mockAnyFetch, ok } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';

const job = (over: Record<string, unknown>) => ({
  id: 'job-1',
  status: 'running',
  dryRun: true,
  processed: 0,
  total: 0,
  ...over,
});
const report = (over: Record<string, unknown>) => ({
  dryRun: true,
  books: 2,
  chapters: 5,
  written: false,
  errorCount: 0,
  errors: [],
  ...over,
});
const csv = () => new File(['titleZh,author\n雾港,林岚\n'], 'books.csv', { type: 'text/csv' });

describe('console import page', { timeout: 15_000 }, () => {
  it('lists every bad record of a check and keeps the import closed', async () => {
    const calls = mockAnyFetch({
      'POST /api/admin/import': ok(job({}), 202),
      'GET /api/admin/import/job-1': ok(
        job({
          status: 'done',
          report: report({
            errorCount: 2,
            errors: [
              { record: 'row 3', field: 'titleZh', message: '此项为必填项。' },
              { record: 'row 5', field: 'category', message: '没有标识为 nowhere 的分类。' },
            ],
          }),
        }),
      ),
    });
    const user = userEvent.setup();
    renderApp('/admin/tools/data-import', { user: users.editor });
    await screen.findByRole('heading', { level: 1, name: '导入数据' }, { timeout: 5000 });
    const run = screen.getByRole('button', { name: '导入' });
    expect(run).toBeDisabled();
    await user.upload(screen.getByLabelText('选择 CSV 或 JSON 文件'), csv());
    await user.click(screen.getByRole('button', { name: '检查' }));
    await screen.findByText('有 2 条记录有问题，没有写入任何内容。');
    expect(screen.getByRole('cell', { name: 'row 5' })).toBeInTheDocument();
    expect(screen.getByText('没有标识为 nowhere 的分类。')).toBeInTheDocument();
    expect(run).toBeDisabled();
    const sent = calls.calls.find((call) => call.method === 'POST')!;
    expect(sent.url).toContain('dryRun=true');
  });

  it('imports after a clean check, with a progress bar until it is written', async () => {
    const calls = mockAnyFetch({
      'POST /api/admin/import': [ok(job({}), 202), ok(job({ id: 'job-2', dryRun: false }), 202)],
      'GET /api/admin/import/job-1': ok(job({ status: 'done', report: report({}) })),
      'GET /api/admin/import/job-2': [
        ok(job({ id: 'job-2', dryRun: false, processed: 3, total: 7 })),
        ok(
          job({
            id: 'job-2',
            dryRun: false,
            status: 'done',
            processed: 7,
            total: 7,
            report: report({ dryRun: false, written: true }),
          }),
        ),
      ],
    });
    const user = userEvent.setup();
    renderApp('/admin/tools/data-import', { user: users.editor });
    await user.upload(await screen.findByLabelText('选择 CSV 或 JSON 文件', {}, { timeout: 5000 }), csv());
    await user.click(screen.getByRole('button', { name: '检查' }));
    await screen.findByText('检查通过：2 部作品、5 个章节，可以导入。');
    await user.click(screen.getByRole('button', { name: '导入' }));
    const bar = await screen.findByRole('progressbar', { name: '导入进度' });
    expect(bar).toHaveAttribute('value', '3');
    expect(bar).toHaveAttribute('max', '7');
    await screen.findByText('已导入 2 部作品、5 个章节。', {}, { timeout: 3000 });
    const posts = calls.calls.filter((call) => call.method === 'POST').map((call) => call.url);
    expect(posts[1]).toContain('dryRun=false');
  });

  it('shows why an unreadable file was refused', async () => {
    mockAnyFetch({
      'POST /api/admin/import': apiError(400, 'validation_failed', '提交的内容有误', {
        file: '无法读取文件：not UTF-8',
      }),
    });
    const user = userEvent.setup();
    renderApp('/admin/tools/data-import', { user: users.editor });
    await user.upload(await screen.findByLabelText('选择 CSV 或 JSON 文件', {}, { timeout: 5000 }), csv());
    await user.click(screen.getByRole('button', { name: '检查' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('无法读取文件：not UTF-8');
  });
});

describe('console export page', { timeout: 15_000 }, () => {
  it('downloads the chosen export, counting its rows as they arrive', async () => {
    const created = vi.fn(() => 'blob:export');
    URL.createObjectURL = created;
    URL.revokeObjectURL = vi.fn();
    const calls = mockAnyFetch({
      'GET /api/admin/export/chapters': () =>
        new Response('id,book,titleZh\n1,1,第1章\n2,1,第2章\n', {
          status: 200,
          headers: {
            'Content-Type': 'text/csv',
            'X-Total-Count': '2',
            'Content-Disposition': 'attachment; filename="tingshu-chapters-20261125.csv"',
          },
        }),
    });
    const user = userEvent.setup();
    renderApp('/admin/export', { user: users.editor });
    await user.click(await screen.findByRole('radio', { name: '章节' }, { timeout: 5000 }));
    await user.click(screen.getByRole('button', { name: '下载' }));
    await screen.findByText('已保存 tingshu-chapters-20261125.csv（2 行）。');
    expect(calls.calls[calls.calls.length - 1].url).toContain('/api/admin/export/chapters?format=csv');
    expect(created).toHaveBeenCalled();
  });

  it('offers each role only the exports it may download', async () => {
    renderApp('/admin/export', { user: users.editor });
    const choices = await screen.findByRole('group', { name: '导出内容' }, { timeout: 5000 });
    const offered = () =>
      within(choices)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent);
    expect(offered()).toEqual(['作品', '章节']);
    expect(within(choices).queryByRole('radio', { name: '用户' })).not.toBeInTheDocument();
  });

  it('offers an administrator every export', async () => {
    renderApp('/admin/export', { user: users.admin });
    const choices = await screen.findByRole('group', { name: '导出内容' }, { timeout: 5000 });
    expect(within(choices).getAllByRole('radio')).toHaveLength(3);
    expect(within(choices).getByRole('radio', { name: '用户' })).toBeInTheDocument();
  });

  it('says so when the export is not allowed', async () => {
    mockAnyFetch({
      'GET /api/admin/export/users': json(403, {
        statusCode: 403,
        statusMessage: 'Admin access required',
        message: '需要 manage:users 权限',
        code: 'forbidden',
      }),
    });
    const user = userEvent.setup();
    renderApp('/admin/export', { user: users.admin });
    await user.click(await screen.findByRole('radio', { name: '用户' }, { timeout: 5000 }));
    await user.click(screen.getByRole('button', { name: '下载' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('需要 manage:users 权限'));
  });
});
