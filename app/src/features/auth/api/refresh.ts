// POST /api/auth/refresh: a refresh token → new (rotated) tokens.
import { request } from '@/lib/http';
import type { Tokens } from '../types';

export function postRefresh(refreshToken: string): Promise<Tokens> {
  return request<Tokens>('POST', '/api/auth/refresh', { body: { refreshToken } });
}
