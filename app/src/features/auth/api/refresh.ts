// POST /api/auth/refresh: a refresh token → new (rotated) tokens.
import type { ApiData, RefreshRequest, Tokens } from '@/lib/api/types';
import { request } from '@/lib/http';

export function postRefresh(refreshToken: string): Promise<Tokens> {
  const body: RefreshRequest = { refreshToken };
  return request<ApiData<'/api/auth/refresh', 'post'>>('POST', '/api/auth/refresh', { body });
}
