// POST /api/auth/register: email, username, password → user, tokens, session id.
import type { ApiData, RegistrationRequest, SignedIn } from '@/lib/api/types';
import { request } from '@/lib/http';

export function postRegister(registration: RegistrationRequest): Promise<SignedIn> {
  return request<ApiData<'/api/auth/register', 'post'>>('POST', '/api/auth/register', { body: registration });
}
