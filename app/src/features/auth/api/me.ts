// GET /api/auth/me with an explicit bearer token (the store validates a restored session with it).
import { request } from '@/lib/http';
import type { User } from '../types';

export function getMe(accessToken: string): Promise<User> {
  return request<User>('GET', '/api/auth/me', { headers: { Authorization: `Bearer ${accessToken}` } });
}
