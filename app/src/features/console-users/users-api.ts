// The console's user endpoints (manage:users), one function each, answering what the contract says
// (`lib/api/types`); every call is made as the signed-in operator (`authRequest`).
import type { ApiData, MembershipChangeInput } from '@/lib/api/types';
import { query, type Params } from '@/lib/catalog-api';
import { authRequest } from '@/lib/http';

type Signal = { signal?: AbortSignal };
type Detail = ApiData<'/api/admin/users/{id}', 'get'>;

const userPath = (id: number, rest = '') => `/api/admin/users/${id}${rest}`;

export const usersApi = {
  /** A page of users: `q`, `type`, `membership`, `status`, `role`, `sort`, `order`, paging. */
  users: (params: Params, { signal }: Signal = {}) =>
    authRequest<ApiData<'/api/admin/users', 'get'>>('GET', `/api/admin/users${query(params)}`, { signal }),
  /** A user's page: profile, roles, sessions, orders, purchases, listening. */
  user: (id: number, { signal }: Signal = {}) => authRequest<Detail>('GET', userPath(id), { signal }),
  /** Every role (for the role filter and the role editor). */
  roles: ({ signal }: Signal = {}) =>
    authRequest<ApiData<'/api/admin/roles', 'get'>>('GET', '/api/admin/roles', { signal }),
  revokeSession: (id: number, sessionId: string) =>
    authRequest<ApiData<'/api/admin/users/{id}/sessions/{sessionId}', 'delete'>>(
      'DELETE',
      userPath(id, `/sessions/${encodeURIComponent(sessionId)}`),
    ),
  revokeSessions: (id: number) =>
    authRequest<ApiData<'/api/admin/users/{id}/sessions', 'delete'>>('DELETE', userPath(id, '/sessions')),
  /** `active` or `disabled` (409 `own_access` / `last_admin` when refused). */
  setStatus: (id: number, status: string) => authRequest<Detail>('PUT', userPath(id, '/status'), { body: { status } }),
  /** `admin` or `user` (409 `own_access` / `last_admin` when refused). */
  setType: (id: number, userType: string) => authRequest<Detail>('PUT', userPath(id, '/type'), { body: { userType } }),
  setRoles: (id: number, roleIds: number[]) =>
    authRequest<Detail>('PUT', userPath(id, '/roles'), { body: { roleIds } }),
  grantMembership: (id: number, body: MembershipChangeInput) =>
    authRequest<Detail>('POST', userPath(id, '/membership'), { body }),
  revokeMembership: (id: number, reason: string) =>
    authRequest<Detail>('DELETE', userPath(id, '/membership'), { body: { reason } }),
  /** A one-time reset link (answered once, valid 24 hours). */
  resetLink: (id: number) =>
    authRequest<ApiData<'/api/admin/users/{id}/password-reset', 'post'>>('POST', userPath(id, '/password-reset')),
};
