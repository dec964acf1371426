// GET /api/auth/me with an explicit bearer token (the store validates a restored session with it).
import type { ApiData, UserView } from '@/lib/api/types';
import { request } from '@/lib/http';

export function getMe(accessToken: string): Promise<UserView> {
  return request<ApiData<'/api/auth/me', 'get'>>('GET', '/api/auth/me', {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
}
