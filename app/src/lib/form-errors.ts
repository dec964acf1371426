// The forms' messages: core's field errors and the server's error body (400 `fields`, 409 on a
// taken value) as one message per field, and a form-level text for any other failure.
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '@/lib/core';
import { ApiError } from '@/lib/http';

export type FieldMessages = Record<string, string>;

/** The first message of each field (core lists every broken rule). */
export function fieldMessages(errors: FieldError[]): FieldMessages {
  const messages: FieldMessages = {};
  for (const error of errors) messages[error.field] ??= error.message;
  return messages;
}

/** The server's per-field messages (already in the request's language), or none. */
export function serverFields(error: unknown): FieldMessages {
  return error instanceof ApiError ? error.fields : {};
}

/**
 * A form-level message for a failure without field messages, or null when the fields say it.
 * `refusal` may word a server answer (not a network failure) of its own; else the server's words.
 */
export function describeFailure(
  error: unknown,
  t: TFunction,
  refusal?: (error: ApiError) => string | undefined,
): string | null {
  if (error instanceof ApiError) {
    if (Object.keys(error.fields).length > 0) return null;
    if (error.statusCode === 0) return t('app.common.network');
    // The server answers in the language the client sent (Accept-Language).
    return refusal?.(error) ?? error.message;
  }
  return t('app.common.actionFailed');
}

/** `describeFailure` in the page's language. */
export function useDescribeFailure(): (error: unknown) => string | null {
  const { t } = useTranslation();
  return (error: unknown) => describeFailure(error, t);
}

/** `useDescribeFailure`, falling back to the fields' own words (a refused file names them). */
export function useExplainFailure(): (error: unknown) => string | null {
  const describe = useDescribeFailure();
  return (error: unknown) =>
    describe(error) ?? (error instanceof ApiError ? Object.values(error.fields).join(' ') : null);
}
