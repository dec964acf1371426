// The one JSON client of the app: sends the language, decodes `{success, data}` and the error body.
/** The server's error body (DESIGN §5), with per-field messages for form errors. */
export interface ApiErrorBody {
  statusCode: number;
  statusMessage: string;
  message: string;
  code: string;
  fields?: Record<string, string>;
}

export class ApiError extends Error {
  readonly statusCode: number;
  readonly statusMessage: string;
  readonly code: string;
  readonly fields: Record<string, string>;

  constructor(body: ApiErrorBody) {
    super(body.message || body.statusMessage);
    this.name = 'ApiError';
    this.statusCode = body.statusCode;
    this.statusMessage = body.statusMessage;
    this.code = body.code;
    this.fields = body.fields ?? {};
  }
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && 'statusCode' in value && 'code' in value;
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

export async function apiRequest<T>(method: string, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: {
        Accept: 'application/json',
        // The locale layer keeps <html lang> on the current language tag (zh-CN, en-US, ja-JP).
        'Accept-Language': document.documentElement.lang || 'zh-CN',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError({ statusCode: 0, statusMessage: 'Network error', message: 'Network error', code: 'network' });
  }
  const payload = await readJson(response);
  if (!response.ok) {
    if (isErrorBody(payload)) throw new ApiError(payload);
    const statusMessage = response.statusText || 'Request failed';
    throw new ApiError({ statusCode: response.status, statusMessage, message: statusMessage, code: 'http_error' });
  }
  if (typeof payload === 'object' && payload !== null && 'data' in payload) return payload.data as T;
  return payload as T;
}
