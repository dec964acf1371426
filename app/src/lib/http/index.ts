// The HTTP layer: generic JSON client, its error type, and the authenticated variant.
export { ApiError, isErrorBody, isUnauthorized, type ApiErrorBody } from './api-error';
export { apiBase, apiUrl } from './config';
export { challengeFetch } from './challenge';
export { request, retryableStatuses, type RequestOptions } from './client';
export { pageLanguageHeader, pageLanguageHeaders } from './page-language';
export {
  authFailedMessage,
  authRequest,
  authWait,
  bearerToken,
  connectAuthSession,
  tokenExpiredMessage,
  type AuthSession,
} from './authenticated';
