// POST /api/auth/login: email (or username) and password → user, tokens, session id.
import { request } from '@/lib/http';
import type { AuthSuccess, Credentials } from '../types';

export function postLogin(credentials: Credentials): Promise<AuthSuccess> {
  return request<AuthSuccess>('POST', '/api/auth/login', { body: credentials });
}
