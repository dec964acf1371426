// The one JSON client of the app (compatibility face of `lib/http`): sends the language, decodes
// `{success, data}` and the error body.
import { request } from './http/client';

export { ApiError, type ApiErrorBody } from './http/api-error';

export function apiRequest<T>(method: string, path: string, body?: unknown): Promise<T> {
  return request<T>(method, path, { body });
}
