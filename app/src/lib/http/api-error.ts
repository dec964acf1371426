// The error every HTTP call throws: the server's error body (DESIGN §5) decoded, with per-field messages.
import type { ErrorBody } from '@/lib/api/types';

/** The server's error body (the contract's `Error`), with per-field messages for form errors. */
export type ApiErrorBody = ErrorBody;

export class ApiError extends Error {
  readonly statusCode: number;
  readonly statusMessage: string;
  readonly code: string;
  readonly fields: Record<string, string>;
  readonly retryAfter: number | null;

  constructor(body: ApiErrorBody) {
    super(body.message || body.statusMessage);
    this.name = 'ApiError';
    this.statusCode = body.statusCode;
    this.statusMessage = body.statusMessage;
    this.code = body.code;
    this.fields = body.fields ?? {};
    this.retryAfter = typeof body.retryAfter === 'number' ? body.retryAfter : null;
  }
}

export function isErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && 'statusCode' in value && 'code' in value;
}

export function isUnauthorized(error: unknown): error is ApiError {
  return error instanceof ApiError && error.statusCode === 401;
}
