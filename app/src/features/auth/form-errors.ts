// The account forms' failure messages: the shared ones (`@/lib/form-errors`) with what only
// accounts meet: the client's own session failures, rate limiting, and "not logged in".
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { AppError } from '@/lib/app-error';
import { describeFailure } from '@/lib/form-errors';
import { ApiError } from '@/lib/http';
import type { Label } from '@/lib/i18n';

/** The client's own 401s carry the spec's fixed Chinese texts; the reader sees them by code. */
const SESSION_FAILURES: Record<string, Label> = {
  token_expired: (t) => t('app.auth.errors.tokenExpired'),
  auth_failed: (t) => t('app.auth.errors.authFailed'),
};

function accountRefusal(error: ApiError, t: TFunction): string | undefined {
  const sessionFailure = SESSION_FAILURES[error.code];
  if (sessionFailure) return sessionFailure(t);
  if (error.statusCode === 429 && error.retryAfter !== null) {
    return t('app.auth.errors.tooManyAttempts', { seconds: error.retryAfter });
  }
  return undefined;
}

/** A form-level message for an error that has no field messages, or null. */
export function useDescribeFailure(): (error: unknown) => string | null {
  const { t } = useTranslation();
  return (error: unknown) => {
    if (error instanceof ApiError) return describeFailure(error, t, (refused) => accountRefusal(refused, t));
    if (error instanceof AppError && error.statusCode === 401) return t('app.auth.errors.notLoggedIn');
    return t('app.auth.errors.generic', { message: error instanceof Error ? error.message : String(error) });
  };
}
