// POST /api/auth/logout with the session id and the bearer token (revokes the session).
import { request } from '@/lib/http';

export function postLogout(sessionId: string, accessToken: string | null): Promise<null> {
  const headers: Record<string, string> = accessToken ? { Authorization: `Bearer ${accessToken}` } : {};
  return request<null>('POST', '/api/auth/logout', { body: { sessionId }, headers });
}
