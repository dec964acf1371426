// POST /api/auth/login: email (or username) and password → user, tokens, session id.
import type { ApiData, LoginInput, SignedIn } from '@/lib/api/types';
import { request } from '@/lib/http';

export function postLogin(credentials: LoginInput): Promise<SignedIn> {
  return request<ApiData<'/api/auth/login', 'post'>>('POST', '/api/auth/login', { body: credentials });
}
