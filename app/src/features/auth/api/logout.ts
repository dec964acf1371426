// POST /api/auth/logout with the session id and the bearer token (revokes the session).
import type { ApiData, LogoutRequest } from '@/lib/api/types';
import { request } from '@/lib/http';

export function postLogout(sessionId: string, accessToken: string | null): Promise<null> {
  const headers: Record<string, string> = accessToken ? { Authorization: `Bearer ${accessToken}` } : {};
  const body: LogoutRequest = { sessionId };
  return request<ApiData<'/api/auth/logout', 'post'>>('POST', '/api/auth/logout', { body, headers });
}
