// POST /api/auth/register: email, username, password → user, tokens, session id.
import { request } from '@/lib/http';
import type { AuthSuccess, Registration } from '../types';

export function postRegister(registration: Registration): Promise<AuthSuccess> {
  return request<AuthSuccess>('POST', '/api/auth/register', { body: registration });
}
