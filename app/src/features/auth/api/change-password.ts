// POST /api/auth/change-password as the signed-in user (the server revokes the other sessions).
import { authRequest } from '@/lib/http';
import type { PasswordChange } from '../types';

export function postChangePassword(change: PasswordChange): Promise<null> {
  return authRequest<null>('POST', '/api/auth/change-password', { body: change });
}
