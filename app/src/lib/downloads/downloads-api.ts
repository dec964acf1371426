// `POST /api/me/downloads` (members only): the grant to keep a book's chapters, or chosen ones,
// offline until `grantExpiresAt`; asked again to renew it. A lapsed membership answers 403
// `premium_required`.
import type { ApiData, DownloadRequest } from '@/lib/api/types';
import { ApiError, authRequest } from '@/lib/http';

export const downloadsApi = {
  grant: (body: DownloadRequest) =>
    authRequest<ApiData<'/api/me/downloads', 'post'>>('POST', '/api/me/downloads', { body }),
};

/** The server refused because the caller is not (or no longer) a member. */
export function isPremiumRequired(error: unknown): boolean {
  return error instanceof ApiError && error.statusCode === 403 && error.code === 'premium_required';
}
