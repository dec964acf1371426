// The generic JSON client (spec §7): base URL from runtime config, `{success, data}` unwrapped,
// 400–599 thrown as ApiError, one retry of transient statuses for reads and none for writes, and
// every answer inspected for the anti-crawler's challenge (`./challenge`).
import { ApiError, isErrorBody } from './api-error';
import { challengeFetch, isChallenge } from './challenge';
import { apiUrl } from './config';
import { pageLanguageHeaders } from './page-language';

/** Statuses worth one more try (spec §7). */
export const retryableStatuses: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const readMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** Extra attempts on a retryable status; default 1 for reads, 0 for writes. */
  retries?: number;
  signal?: AbortSignal;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function networkError(): ApiError {
  return new ApiError({ statusCode: 0, statusMessage: 'Network error', message: 'Network error', code: 'network' });
}

async function send(method: string, path: string, options: RequestOptions): Promise<Response> {
  const { body, headers = {}, signal } = options;
  try {
    return await challengeFetch(apiUrl(path), {
      method,
      headers: {
        Accept: 'application/json',
        ...pageLanguageHeaders(),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (caught) {
    if (caught instanceof DOMException && caught.name === 'AbortError') throw caught;
    throw networkError();
  }
}

async function toError(response: Response): Promise<ApiError> {
  const payload = await readJson(response);
  if (isErrorBody(payload)) return new ApiError(payload);
  const statusMessage = response.statusText || 'Request failed';
  return new ApiError({ statusCode: response.status, statusMessage, message: statusMessage, code: 'http_error' });
}

/** One JSON request; resolves with `data` of the envelope (or the whole body when it has none). */
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const upper = method.toUpperCase();
  let retriesLeft = options.retries ?? (readMethods.has(upper) ? 1 : 0);
  for (;;) {
    const response = await send(upper, path, options);
    if (response.status >= 400 && response.status <= 599) {
      // A challenge was answered once already (or cannot be): another try would be refused too.
      if (retriesLeft > 0 && retryableStatuses.has(response.status) && !isChallenge(response)) {
        retriesLeft -= 1;
        continue;
      }
      throw await toError(response);
    }
    const payload = await readJson(response);
    if (typeof payload === 'object' && payload !== null && 'data' in payload) return payload.data as T;
    return payload as T;
  }
}
