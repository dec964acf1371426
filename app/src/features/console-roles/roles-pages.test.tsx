// The roles and permissions pages: the role list with counts and named permission chips (at both
// of its addresses), the create form checked by core before anything is sent, the matrix sending
// only what changed and showing the saved state or the server's refusal, and the permission list;
// each refused up front (core's permission guard) to a console member without manage:users.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, mockFetch, ok } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';
import { adminRole, editorRole, permissionList, supportRole } from './fixtures';
import { changesBetween } from './role-permissions-page';

const wait = { timeout: 5000 };

describe('console roles list', () => {
  it.each(['/admin/roles', '/admin/users/roles'])(
    'lists every role at %s with its users and permissions',
    async (path) => {
      mockFetch({
        'GET /api/admin/roles': ok({ items: [editorRole, supportRole] }),
        'GET /api/admin/permissions': ok({ items: permissionList }),
      });
      renderApp(path, { user: users.admin });
      const row = within(await screen.findByTestId('role-2', undefined, wait));
      expect(row.getByText('editor')).toBeInTheDocument();
      expect(row.getByText('内置')).toBeInTheDocument();
      expect(row.getByText('3')).toBeInTheDocument();
      expect(await row.findByText('管理作品与章节')).toBeInTheDocument();
      expect(row.getByText('查看数据统计')).toBeInTheDocument();
      expect(row.getByRole('link', { name: '编辑 editor 的权限' })).toHaveAttribute(
        'href',
        '/admin/roles/2/permissions',
      );
      expect(screen.getByRole('link', { name: '新建角色' })).toHaveAttribute('href', '/admin/roles/index-new');
    },
  );

  it('draws the 403 screen, not the list, for a signed-in user the server refuses', async () => {
    mockFetch({
      'GET /api/admin/roles': apiError(403, 'permission_required', '需要权限：管理用户'),
      'GET /api/admin/permissions': apiError(403, 'permission_required', '需要权限：管理用户'),
    });
    renderApp('/admin/roles', { user: users.editor });
    expect(await screen.findByText('访问被拒绝', undefined, wait)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '新建角色' })).not.toBeInTheDocument();
  });

  it('says when there is no role', async () => {
    mockFetch({
      'GET /api/admin/roles': ok({ items: [] }),
      'GET /api/admin/permissions': ok({ items: permissionList }),
    });
    renderApp('/admin/roles', { user: users.admin });
    expect(await screen.findByText('还没有角色', undefined, wait)).toBeInTheDocument();
  });

  it('shows the server’s message with a retry when the list cannot be loaded', async () => {
    mockFetch({
      'GET /api/admin/roles': apiError(500, 'internal_error', '服务器出错了'),
      'GET /api/admin/permissions': ok({ items: permissionList }),
    });
    renderApp('/admin/roles', { user: users.admin });
    expect(await screen.findByText('服务器出错了', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
  }, 15_000);
});

describe('console role creation', () => {
  it('stops a blank name with core’s message before sending anything', async () => {
    const { callsTo } = mockFetch({});
    const user = userEvent.setup();
    renderApp('/admin/roles/index-new', { user: users.admin });
    await user.click(await screen.findByRole('button', { name: '创建角色' }, wait));
    expect(await screen.findByText('此项为必填项。')).toBeInTheDocument();
    expect(screen.getByLabelText(/名称/)).toHaveFocus();
    expect(callsTo('POST', '/api/admin/roles')).toHaveLength(0);
  });

  it('sends the trimmed form, then opens the new role’s matrix', async () => {
    const created = adminRole(7, '客服', { description: '回答听众' });
    const { callsTo } = mockFetch({
      'POST /api/admin/roles': ok(created),
      'GET /api/admin/roles/7/permissions': ok(created),
      'GET /api/admin/permissions': ok({ items: permissionList }),
    });
    const user = userEvent.setup();
    renderApp('/admin/roles/index-new', { user: users.admin });
    await user.type(await screen.findByLabelText(/名称/, undefined, wait), '  客服 ');
    await user.type(screen.getByLabelText('角色用途'), '回答听众');
    await user.click(screen.getByRole('button', { name: '创建角色' }));
    expect(await screen.findByRole('heading', { name: '客服 的权限' }, wait)).toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/roles')[0].body).toEqual({ name: '客服', description: '回答听众' });
  });

  it('draws the forbidden state, not the form, for a viewer without manage:users', async () => {
    mockFetch({});
    renderApp('/admin/roles/index-new', { user: users.editor });
    const refusal = await screen.findByRole('alert', undefined, wait);
    expect(refusal).toHaveTextContent('403');
    expect(refusal).toHaveTextContent('管理用户');
    expect(screen.queryByRole('button', { name: '创建角色' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/名称/)).not.toBeInTheDocument();
  });

  it.each(['/admin/roles', '/admin/roles/2/permissions', '/admin/permissions'])(
    'refuses %s to a viewer without manage:users before asking the server',
    async (path) => {
      const { calls } = mockFetch({});
      renderApp(path, { user: users.editor });
      expect(await screen.findByRole('alert', undefined, wait)).toHaveTextContent('403');
      expect(calls.filter((call) => call.url.includes('/api/admin/'))).toHaveLength(0);
    },
  );

  it('shows a name already in use under the name field', async () => {
    mockFetch({
      'POST /api/admin/roles': apiError(409, 'already_taken', '角色名 editor 已被使用。', {
        name: '已被其他角色使用。',
      }),
    });
    const user = userEvent.setup();
    renderApp('/admin/roles/index-new', { user: users.admin });
    await user.type(await screen.findByLabelText(/名称/, undefined, wait), 'editor');
    await user.click(screen.getByRole('button', { name: '创建角色' }));
    expect(await screen.findByText('已被其他角色使用。')).toBeInTheDocument();
  });
});

describe('console role permission matrix', () => {
  it('works out only what changed', () => {
    expect(
      changesBetween(['manage:books', 'view:analytics'], new Set(['manage:books', 'manage:orders'] as const)),
    ).toEqual({
      grant: ['manage:orders'],
      revoke: ['view:analytics'],
    });
  });

  it('ticks what the role holds, sends only the changes and shows the role as saved', async () => {
    const saved = { ...editorRole, permissions: ['manage:books', 'manage:promotions', 'manage:orders'] as const };
    const { callsTo } = mockFetch({
      'GET /api/admin/roles/2/permissions': ok(editorRole),
      'GET /api/admin/permissions': ok({ items: permissionList }),
      'PATCH /api/admin/roles/2/permissions': ok({ ...saved, permissions: [...saved.permissions] }),
    });
    const user = userEvent.setup();
    renderApp('/admin/roles/2/permissions', { user: users.admin });
    const books = await screen.findByRole('checkbox', { name: /管理作品与章节/ }, wait);
    expect(books).toBeChecked();
    expect(screen.getByText('订单、退款与会员套餐')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: '保存改动' });
    expect(save).toBeDisabled();
    expect(screen.getByText('没有未保存的改动')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: /管理订单与退款/ }));
    await user.click(screen.getByRole('checkbox', { name: /查看数据统计/ }));
    expect(screen.getByText('2 处改动未保存')).toBeInTheDocument();
    await user.click(save);

    expect(await screen.findByText('已保存', undefined, wait)).toBeInTheDocument();
    expect(callsTo('PATCH', '/api/admin/roles/2/permissions')[0].body).toEqual({
      grant: ['manage:orders'],
      revoke: ['view:analytics'],
    });
    expect(screen.getByRole('checkbox', { name: /管理订单与退款/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /查看数据统计/ })).not.toBeChecked();
  }, 15_000);

  it('shows the server’s refusal of taking away the operator’s last way in, and keeps the boxes', async () => {
    mockFetch({
      'GET /api/admin/roles/4/permissions': ok(supportRole),
      'GET /api/admin/permissions': ok({ items: permissionList }),
      'PATCH /api/admin/roles/4/permissions': apiError(409, 'last_way_in', '此操作会让你失去管理用户的最后途径。', {
        revoke: '此操作会让你失去管理用户的最后途径。',
      }),
    });
    const user = userEvent.setup();
    renderApp('/admin/roles/4/permissions', { user: users.admin });
    await user.click(await screen.findByRole('checkbox', { name: /管理用户与角色/ }, wait));
    await user.click(screen.getByRole('button', { name: '保存改动' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('此操作会让你失去管理用户的最后途径。');
    expect(screen.getByText('1 处改动未保存')).toBeInTheDocument();
  });

  it('shows the not-found screen for a role that does not exist', async () => {
    mockFetch({
      'GET /api/admin/roles/99/permissions': apiError(404, 'not_found', '没有 ID 为 99 的角色。'),
      'GET /api/admin/permissions': ok({ items: permissionList }),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/admin/roles/99/permissions', { user: users.admin });
    const screenAlert = await screen.findByRole('alert', undefined, wait);
    expect(screenAlert).toHaveTextContent('Page Not Found: /admin/roles/99/permissions');
  });
});

describe('console role details', () => {
  it('renames and describes a role, then deletes it once confirmed and returns to the list', async () => {
    const renamed = { ...supportRole, name: 'helpdesk', description: '回答听众' };
    const { callsTo } = mockFetch({
      'GET /api/admin/roles/4/permissions': ok(supportRole),
      'GET /api/admin/permissions': ok({ items: permissionList }),
      'PUT /api/admin/roles/4': ok(renamed),
      'DELETE /api/admin/roles/4': ok(null),
      'GET /api/admin/roles': ok({ items: [editorRole] }),
    });
    const user = userEvent.setup();
    renderApp('/admin/roles/4/permissions', { user: users.admin });
    const name = await screen.findByRole('textbox', { name: /名称/ }, wait);
    await user.clear(name);
    await user.type(name, 'helpdesk');
    await user.type(screen.getByLabelText('角色用途'), '回答听众');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByRole('heading', { name: 'helpdesk 的权限' }, wait)).toBeInTheDocument();
    expect(callsTo('PUT', '/api/admin/roles/4')[0].body).toEqual({ name: 'helpdesk', description: '回答听众' });

    await user.click(screen.getByRole('button', { name: '删除角色' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: '删除角色 helpdesk？' }));
    expect(dialog.getByText('拥有它的 1 位用户将从下一次请求起失去它授予的权限。')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: '删除角色' }));
    expect(await screen.findByTestId('role-2', undefined, wait)).toBeInTheDocument();
    expect(callsTo('DELETE', '/api/admin/roles/4')).toHaveLength(1);
  }, 15_000);

  it('keeps a built-in role’s name and offers no deletion', async () => {
    mockFetch({
      'GET /api/admin/roles/2/permissions': ok(editorRole),
      'GET /api/admin/permissions': ok({ items: permissionList }),
    });
    renderApp('/admin/roles/2/permissions', { user: users.admin });
    expect(await screen.findByRole('textbox', { name: /名称/ }, wait)).toHaveAttribute('readonly');
    expect(screen.getByText('内置角色不能改名。')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '删除角色' })).not.toBeInTheDocument();
  });
});

describe('console permissions list', () => {
  it('lists every permission with what it opens and links to the roles holding it', async () => {
    mockFetch({ 'GET /api/admin/permissions': ok({ items: permissionList }) });
    renderApp('/admin/permissions', { user: users.admin });
    const books = within(await screen.findByTestId('permission-manage:books', undefined, wait));
    expect(books.getByText('管理作品与章节')).toBeInTheDocument();
    expect(books.getByText('作品、章节、分类、上传、文件、导入与导出')).toBeInTheDocument();
    expect(books.getByRole('link', { name: 'editor' })).toHaveAttribute('href', '/admin/roles/2/permissions');
    const system = within(screen.getByTestId('permission-manage:system'));
    expect(system.getByText('没有角色拥有它')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(permissionList.length + 1);
  });
});
