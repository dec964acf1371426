// Console answers for the tests of the roles and permissions pages, typed by the contract.
import type { AdminPermission, AdminRole } from '@/lib/api/types';

export function adminRole(id: number, name: string, patch: Partial<AdminRole> = {}): AdminRole {
  return { id, name, description: '', userCount: 0, permissions: [], builtIn: false, ...patch };
}

export const editorRole = adminRole(2, 'editor', {
  description: 'Editors: the catalogue and campaigns',
  userCount: 3,
  permissions: ['manage:books', 'view:analytics', 'manage:promotions'],
  builtIn: true,
});

export const supportRole = adminRole(4, 'support', { userCount: 1, permissions: ['manage:users'] });

/** Every permission as the server words it in Chinese, with the roles holding it. */
export const permissionList: AdminPermission[] = [
  {
    permission: 'manage:books',
    name: '管理作品与章节',
    opens: '作品、章节、分类、上传、文件、导入与导出',
    roles: [{ id: 2, name: 'editor' }],
  },
  {
    permission: 'manage:users',
    name: '管理用户与角色',
    opens: '用户及其角色与会话；角色与权限',
    roles: [{ id: 4, name: 'support' }],
  },
  { permission: 'manage:system', name: '管理系统与存储', opens: '站点设置、存储、操作日志、访问日志与安全', roles: [] },
  {
    permission: 'view:analytics',
    name: '查看数据统计',
    opens: '收听、搜索与销售统计及报表',
    roles: [{ id: 2, name: 'editor' }],
  },
  {
    permission: 'manage:promotions',
    name: '管理促销活动',
    opens: '限时免费活动与促销',
    roles: [{ id: 2, name: 'editor' }],
  },
  { permission: 'manage:orders', name: '管理订单与退款', opens: '订单、退款与会员套餐', roles: [] },
];
