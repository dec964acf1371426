// POST /api/auth/change-password as the signed-in user (the server revokes the other sessions).
import type { ApiData, PasswordChangeRequest } from '@/lib/api/types';
import { authRequest } from '@/lib/http';

export function postChangePassword(change: PasswordChangeRequest): Promise<null> {
  return authRequest<ApiData<'/api/auth/change-password', 'post'>>('POST', '/api/auth/change-password', {
    body: change,
  });
}
