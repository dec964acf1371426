// PUT /api/auth/profile as the signed-in user → the updated user.
import { authRequest } from '@/lib/http';
import type { ProfilePatch, User } from '../types';

export function putProfile(patch: ProfilePatch): Promise<User> {
  return authRequest<User>('PUT', '/api/auth/profile', { body: patch });
}
