// The console's sidebar: only the sections the signed-in user may open, as core's route guard
// decides them (an editor holds manage:books; an administrator holds everything, orders included).
import { screen, within } from '@testing-library/react';
import type { Dashboard } from '@/lib/api/types';
import { mockFetch, ok } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';
import { patterns } from '@/lib/paths';
import { routeTable } from '../route-table';

const dashboard: Dashboard = {
  books: 0,
  publishedBooks: 0,
  chapters: 0,
  publishedChapters: 0,
  chaptersWithoutAudio: 0,
  users: 1,
  newUsers: { last24h: 0, last7d: 0 },
  plays: { last24h: 0, last7d: 0 },
  storedFiles: 0,
  storedBytes: 0,
  failedUploads: 0,
  recentChanges: [],
  generatedAt: Date.now(),
};

const everySection = [
  '概览',
  '作品',
  '章节',
  '分类',
  '上传',
  '资源库',
  '文件',
  '导入',
  '导出',
  '限免活动',
  '限免作品',
  '广告位',
  '数据分析',
  '搜索分析',
  '报表',
  '订单管理',
  '会员方案',
  '用户',
  '角色',
  '权限',
  '存储',
  '日志',
  '访问日志',
  '安全',
  '设置',
];

async function sidebarLinks() {
  const nav = await screen.findByRole('navigation', { name: '后台导航' }, { timeout: 5000 });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('console sidebar', () => {
  it('shows an editor the catalogue and file sections, not storage, orders, users, roles or settings', async () => {
    mockFetch({ 'GET /api/admin/dashboard': ok(dashboard) });
    renderApp('/admin', { user: users.editor });
    expect(await sidebarLinks()).toEqual(['概览', '作品', '章节', '分类', '上传', '资源库', '文件', '导入', '导出']);
    expect(screen.queryByRole('link', { name: '存储' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '订单管理' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '会员方案' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '资源库' })).toHaveAttribute('href', '/admin/resources');
    expect(screen.getByRole('link', { name: '上传' })).toHaveAttribute('href', '/admin/upload');
  });

  it('shows an administrator every section', async () => {
    mockFetch({ 'GET /api/admin/dashboard': ok(dashboard) });
    renderApp('/admin', { user: users.admin });
    expect(await sidebarLinks()).toEqual(everySection);
    expect(screen.getByRole('link', { name: '存储' })).toHaveAttribute('href', '/admin/storage');
    expect(screen.getByRole('link', { name: '订单管理' })).toHaveAttribute('href', '/admin/orders');
    expect(screen.getByRole('link', { name: '会员方案' })).toHaveAttribute('href', '/admin/plans');
  });

  it('links only to routes that draw a page', async () => {
    mockFetch({ 'GET /api/admin/dashboard': ok(dashboard) });
    renderApp('/admin', { user: users.admin });
    const nav = await screen.findByRole('navigation', { name: '后台导航' }, { timeout: 5000 });
    for (const link of within(nav).getAllByRole('link')) {
      const href = link.getAttribute('href') ?? '';
      const route = routeTable.find((entry) => patterns[entry.name] === href);
      expect(route?.page, `${href} has a page`).toBeDefined();
    }
  });

  it("draws a listener's 403 in the site's frame, without the console's", async () => {
    renderApp('/admin', { user: users.free });
    expect(await screen.findByRole('alert')).toHaveTextContent('403');
    expect(screen.getByRole('navigation', { name: '主导航' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: '后台导航' })).not.toBeInTheDocument();
    expect(screen.queryByText('管理后台')).not.toBeInTheDocument();
  });

  it('shows a user with view:analytics alone the dashboard and the analytics', async () => {
    mockFetch({ 'GET /api/admin/dashboard': ok(dashboard) });
    renderApp('/en/admin', { user: users.editorWithoutBooks, lang: 'en' });
    const nav = await screen.findByRole('navigation', { name: 'Admin sections' }, { timeout: 5000 });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Dashboard', 'Analytics', 'Search analytics']);
    expect(links[1]).toHaveAttribute('href', '/en/admin/analytics');
    expect(screen.getByRole('heading', { name: 'Offers and insight' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'People and access' })).not.toBeInTheDocument();
  });
});
