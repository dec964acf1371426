// The console's role and permission endpoints (manage:users), one function each, answering what the
// contract says (`lib/api/types`); every call is made as the signed-in operator (`authRequest`).
import type { ApiData, PermissionChanges, RoleInput } from '@/lib/api/types';
import { authRequest } from '@/lib/http';

type Signal = { signal?: AbortSignal };

export const rolesApi = {
  /** Every role with how many users hold it and its permissions. */
  roles: ({ signal }: Signal = {}) =>
    authRequest<ApiData<'/api/admin/roles', 'get'>>('GET', '/api/admin/roles', { signal }),
  /** Creates a role (400 names bad fields; 409 `already_taken` on `name`). */
  createRole: (body: RoleInput) =>
    authRequest<ApiData<'/api/admin/roles', 'post'>>('POST', '/api/admin/roles', { body }),
  /** Renames and describes a role (409 `already_taken`, or `role_built_in` for a new name of a built-in role). */
  updateRole: (id: number, body: RoleInput) =>
    authRequest<ApiData<'/api/admin/roles/{id}', 'put'>>('PUT', `/api/admin/roles/${id}`, { body }),
  /** Deletes a role (409 `role_built_in` or `last_way_in`). */
  deleteRole: (id: number) =>
    authRequest<ApiData<'/api/admin/roles/{id}', 'delete'>>('DELETE', `/api/admin/roles/${id}`),
  /** One role with its permissions. */
  role: (id: number, { signal }: Signal = {}) =>
    authRequest<ApiData<'/api/admin/roles/{id}/permissions', 'get'>>('GET', `/api/admin/roles/${id}/permissions`, {
      signal,
    }),
  /** Grants and revokes as one change; answers the role as it now is (409 `last_way_in`). */
  changePermissions: (id: number, body: PermissionChanges) =>
    authRequest<ApiData<'/api/admin/roles/{id}/permissions', 'patch'>>('PATCH', `/api/admin/roles/${id}/permissions`, {
      body,
    }),
  /** Every permission with what it opens (in the page's language) and the roles holding it. */
  permissions: ({ signal }: Signal = {}) =>
    authRequest<ApiData<'/api/admin/permissions', 'get'>>('GET', '/api/admin/permissions', { signal }),
};
