// The HTTP layer: generic JSON client, its error type, and the authenticated variant.
export { ApiError, isUnauthorized, type ApiErrorBody } from './api-error';
export { apiBase, apiUrl } from './config';
export { request, retryableStatuses, type RequestOptions } from './client';
export {
  authFailedMessage,
  authRequest,
  authWait,
  connectAuthSession,
  tokenExpiredMessage,
  type AuthSession,
} from './authenticated';
