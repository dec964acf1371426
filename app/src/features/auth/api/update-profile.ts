// PUT /api/auth/profile as the signed-in user → the updated user.
import type { ApiData, ProfileRequest, UserView } from '@/lib/api/types';
import { authRequest } from '@/lib/http';

/** The profile fields to change. The language and time zone come as the page holds them (text core's
 * `validateProfileUpdate` and `validateTimezone` accept); the document names their allowed values,
 * and the server checks them again. */
export type ProfilePatch = Omit<ProfileRequest, 'language' | 'timezone'> & {
  language?: string | null;
  timezone?: string | null;
};

export function putProfile(patch: ProfilePatch): Promise<UserView> {
  return authRequest<ApiData<'/api/auth/profile', 'put'>>('PUT', '/api/auth/profile', {
    body: patch as ProfileRequest,
  });
}
