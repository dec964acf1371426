// The authenticated variant of the client (spec §4, §7, §8): waits while the auth store loads,
// refreshes before a request when the token is about to expire, sends the bearer token, and on
// a 401 refreshes once and retries once. The auth store plugs itself in with `connectAuthSession`.
import { refreshBeforeRequest } from '@/lib/core';
import { ApiError } from './api-error';
import { request, type RequestOptions } from './client';

/** What the authenticated client needs from the auth store (kept here so lib does not import features). */
export interface AuthSession {
  isLoading(): boolean;
  /** The bearer token, or null when nobody is signed in. */
  accessToken(): string | null;
  refreshToken(): string | null;
  /** Absolute expiry of the access token in ms, or null. */
  expiresAt(): number | null;
  /** True when new tokens were obtained, false when the server refused; throws when it could not be asked. */
  refresh(): Promise<boolean>;
  /** A 401 the client could not cure (the app's session-expired handling). */
  onUnauthorized(error: ApiError): void;
}

/** Spec §9: 50 polls of 100 ms while the auth store is loading. */
export const authWait = { polls: 50, intervalMs: 100 };

/** Spec §8 texts of the two refresh failures. */
export const tokenExpiredMessage = 'Token已过期，请重新登录';
export const authFailedMessage = '认证失败，请重新登录';

let session: AuthSession | null = null;

export function connectAuthSession(next: AuthSession | null): void {
  session = next;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function waitWhileLoading(current: AuthSession): Promise<void> {
  for (let poll = 0; poll < authWait.polls && current.isLoading(); poll += 1) await sleep(authWait.intervalMs);
}

function unauthorized(statusMessage: string, code: string): ApiError {
  return new ApiError({ statusCode: 401, statusMessage, message: statusMessage, code });
}

function withBearer(options: RequestOptions, token: string | null): RequestOptions {
  if (!token) return options;
  return { ...options, headers: { ...options.headers, Authorization: `Bearer ${token}` } };
}

/** The token to send now: once the store has loaded, refreshed first when about to expire. */
async function currentToken(current: AuthSession): Promise<string | null> {
  await waitWhileLoading(current);
  const hasRefreshToken = Boolean(current.refreshToken());
  if (
    current.accessToken() &&
    refreshBeforeRequest({ expiresAtMs: current.expiresAt(), nowMs: Date.now(), hasRefreshToken })
  ) {
    // The request goes on whatever the outcome (spec §4).
    await current.refresh().catch((error: unknown) => console.warn('Token refresh before request failed', error));
  }
  return current.accessToken();
}

/**
 * The bearer token for a request this client does not send itself (an upload's tus requests,
 * an `<audio>` address's `?token=`), by the same rule as `authRequest`; null when signed out.
 */
export async function bearerToken(): Promise<string | null> {
  return session ? currentToken(session) : null;
}

/** A request as the signed-in user (anonymous when nobody is signed in). */
export async function authRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const current = session;
  if (!current) return request<T>(method, path, options);
  const token = await currentToken(current);

  try {
    return await request<T>(method, path, withBearer(options, token));
  } catch (error) {
    if (!(error instanceof ApiError) || error.statusCode !== 401) throw error;
    if (!current.refreshToken()) {
      current.onUnauthorized(error);
      throw error;
    }
    let refreshed: boolean;
    try {
      refreshed = await current.refresh();
    } catch (refreshError) {
      console.warn('Token refresh failed', refreshError);
      const failure = unauthorized(authFailedMessage, 'auth_failed');
      current.onUnauthorized(failure);
      throw failure;
    }
    if (!refreshed) {
      const failure = unauthorized(tokenExpiredMessage, 'token_expired');
      current.onUnauthorized(failure);
      throw failure;
    }
    try {
      return await request<T>(method, path, withBearer(options, current.accessToken()));
    } catch (retryError) {
      if (retryError instanceof ApiError && retryError.statusCode === 401) current.onUnauthorized(retryError);
      throw retryError;
    }
  }
}
