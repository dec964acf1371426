// PUT /api/auth/profile as the signed-in user → the updated user.
import type { ApiData, ProfileRequest, UserView } from '@/lib/api/types';
import { authRequest } from '@/lib/http';

export function putProfile(patch: ProfileRequest): Promise<UserView> {
  return authRequest<ApiData<'/api/auth/profile', 'put'>>('PUT', '/api/auth/profile', { body: patch });
}
