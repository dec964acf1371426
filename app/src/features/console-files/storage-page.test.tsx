// The storage page: the backend, files by kind, disk meter and uploads; the consistency check with
// its progress while the store is listed, its orphans and missing files; and removing old orphans
// once confirmed, which says what went and checks again.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StorageCheck } from '@/lib/api/types';
import { mockFetch, ok, type Answer } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';
import { storageCheck, storageSummary } from './fixtures';

describe('console storage page', { timeout: 15_000 }, () => {
  it('shows where the files are, their sizes by kind, the disk and the uploads', async () => {
    mockFetch({ 'GET /api/admin/storage': ok(storageSummary()) });
    renderApp('/admin/storage', { user: users.admin });
    const backend = await screen.findByRole('region', { name: '存储后端' }, { timeout: 5000 });
    expect(within(backend).getByText('本地磁盘')).toBeInTheDocument();
    expect(within(backend).getByText('/var/lib/tingshu/files')).toBeInTheDocument();

    const disk = screen.getByRole('region', { name: '磁盘空间' });
    const meter = within(disk).getByRole('meter', { name: '已用磁盘空间' });
    expect(meter).toHaveAttribute('max', '100000000000');
    expect(meter).toHaveAttribute('value', '60000000000');
    expect(within(disk).getByText('可用 37.3 GB，共 93.1 GB')).toBeInTheDocument();

    const files = within(screen.getByRole('region', { name: '按类型统计的文件' })).getAllByRole('row');
    expect(files[1]).toHaveTextContent('音频1202.3 GB');
    expect(files[2]).toHaveTextContent('图片8937.5 KB');

    const uploads = screen.getByRole('region', { name: '上传' });
    expect(within(uploads).getByText('2 个（已收到 3.8 MB）')).toBeInTheDocument();
    expect(within(uploads).getByText('1')).toBeInTheDocument();
  });

  it('says when the backend does not report its disk', async () => {
    mockFetch({
      'GET /api/admin/storage': ok(
        storageSummary({ kind: 's3', location: 's3://tingshu-media', diskFreeBytes: null, diskTotalBytes: null }),
      ),
    });
    renderApp('/admin/storage', { user: users.admin });
    expect(await screen.findByText('S3 兼容对象存储', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('这个存储后端不报告磁盘空间。')).toBeInTheDocument();
    expect(screen.queryByRole('meter')).not.toBeInTheDocument();
  });

  it('runs the check with a progress bar, lists orphans and missing files, and removes old orphans', async () => {
    let finishCheck!: (answer: Answer<StorageCheck>) => void;
    const firstCheck = new Promise<Answer<StorageCheck>>((resolve) => {
      finishCheck = resolve;
    });
    const { callsTo } = mockFetch({
      'GET /api/admin/storage': ok(storageSummary()),
      'POST /api/admin/storage/check': [
        () => firstCheck,
        ok(storageCheck({ orphanCount: 0, orphanBytes: 0, orphans: [], missingCount: 0, missing: [] })),
      ],
      'POST /api/admin/storage/clean': ok({
        deleted: 2,
        bytes: 1_500_000,
        keptRecent: 1,
        uploadsDropped: 3,
        uploadBytes: 48_000_000,
      }),
    });
    const user = userEvent.setup();
    renderApp('/admin/storage', { user: users.admin });
    await user.click(await screen.findByRole('button', { name: '运行一致性检查' }, { timeout: 5000 }));

    // The store is being listed: an indeterminate bar, and the rest of the page still works.
    const progress = await screen.findByRole('progressbar', { name: '正在检查存储…' });
    expect(progress).not.toHaveAttribute('value');
    expect(screen.getByRole('button', { name: '运行一致性检查' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '刷新' })).toBeEnabled();
    await act(async () => finishCheck(ok(storageCheck())));
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());

    expect(screen.getByText('131 个，2.3 GB')).toBeInTheDocument();
    expect(screen.getByText('2 个，1.4 MB')).toBeInTheDocument();
    const orphans = within(screen.getByRole('region', { name: '孤立对象' })).getAllByRole('row');
    expect(orphans).toHaveLength(3);
    expect(orphans[1]).toHaveTextContent('audio/old-orphan.mp3');
    expect(orphans[1]).toHaveTextContent('976.6 KB');
    const missing = screen.getByRole('region', { name: '对象缺失的文件' });
    expect(within(missing).getByRole('link', { name: '第44章.mp3' })).toHaveAttribute('href', '/admin/files?q=44');
    expect(within(missing).getByText('audio/44.mp3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '清除一小时前的孤立对象' }));
    const dialog = await screen.findByRole('alertdialog', { name: '清除一小时前的孤立对象？' });
    expect(callsTo('POST', '/api/admin/storage/clean')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: '清除一小时前的孤立对象' }));

    expect(
      await screen.findByText(
        '已删除 2 个对象（1.4 MB），保留了 1 个一小时内的对象。 已丢弃 3 个中断的上传（45.8 MB）。',
      ),
    ).toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/storage/clean')).toHaveLength(1);
    // The store is checked again after the clean-up.
    expect(await screen.findByText('没有孤立对象')).toBeInTheDocument();
    expect(screen.getByText('每个文件的对象都在')).toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/storage/check')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: '清除一小时前的孤立对象' })).not.toBeInTheDocument();
  });
});
