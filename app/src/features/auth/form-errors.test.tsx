// The form-level message of a failure: the server's own words, else a translated text.
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { AppError } from '@/lib/app-error';
import { ApiError, authFailedMessage, tokenExpiredMessage } from '@/lib/http';
import { createTestI18n } from '@/testing/i18n';
import { useDescribeFailure } from './form-errors';

/** A 401 as the authenticated client makes it when refreshing the session fails. */
const unauthorized = (message: string, code: string) =>
  new ApiError({ statusCode: 401, statusMessage: message, message, code });

function describeIn(lang: string) {
  const i18n = createTestI18n(lang);
  const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
  return renderHook(() => useDescribeFailure(), { wrapper }).result.current;
}

describe('useDescribeFailure', () => {
  it("shows the client's fixed Chinese 401 texts in the reader's language", () => {
    const describe = describeIn('en');
    expect(describe(unauthorized(tokenExpiredMessage, 'token_expired'))).toBe(
      'Your token has expired. Please sign in again.',
    );
    expect(describe(unauthorized(authFailedMessage, 'auth_failed'))).toBe(
      'Authentication failed. Please sign in again.',
    );
    expect(describe(new AppError(401, '用户未登录'))).toBe('Not signed in');
  });
});
