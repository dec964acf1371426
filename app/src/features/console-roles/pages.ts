// The console's roles and permissions pages (manage:users), loaded together by the route table.
export { AdminRolesPage } from './roles-page';
export { AdminRoleCreatePage } from './role-create-page';
export { AdminRolePermissionsPage } from './role-permissions-page';
export { AdminPermissionsPage } from './permissions-page';
