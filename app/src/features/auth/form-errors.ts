// Turns core's field errors and the server's error body into one message per field for the forms.
import { useTranslation } from 'react-i18next';
import type { FieldError } from '@/lib/core';
import { ApiError } from '@/lib/http';
import { AppError } from '@/lib/app-error';
import type { Label } from '@/lib/i18n';

export type FieldMessages = Record<string, string>;

/** The first message of each field (core lists every broken rule). */
export function fieldMessages(errors: FieldError[]): FieldMessages {
  const messages: FieldMessages = {};
  for (const error of errors) messages[error.field] ??= error.message;
  return messages;
}

/** The client's own 401s carry the spec's fixed Chinese texts; the reader sees them by code. */
const SESSION_FAILURES: Record<string, Label> = {
  token_expired: (t) => t('app.auth.errors.tokenExpired'),
  auth_failed: (t) => t('app.auth.errors.authFailed'),
};

/** A form-level message for an error that has no field messages, or null. */
export function useDescribeFailure(): (error: unknown) => string | null {
  const { t } = useTranslation();
  return (error: unknown) => {
    if (error instanceof ApiError) {
      if (Object.keys(error.fields).length > 0) return null;
      if (error.statusCode === 0) return t('app.auth.errors.network');
      const sessionFailure = SESSION_FAILURES[error.code];
      if (sessionFailure) return sessionFailure(t);
      if (error.statusCode === 429 && error.retryAfter !== null) {
        return t('app.auth.errors.tooManyAttempts', { seconds: error.retryAfter });
      }
      // The server answers in the language the client sent (Accept-Language).
      return error.message;
    }
    if (error instanceof AppError && error.statusCode === 401) return t('app.auth.errors.notLoggedIn');
    return t('app.auth.errors.generic', { message: error instanceof Error ? error.message : String(error) });
  };
}

export function serverFields(error: unknown): FieldMessages {
  return error instanceof ApiError ? error.fields : {};
}
