// The auth store's own state; the user and tokens in it are the server's, typed by the contract.
import type { UserView } from '@/lib/api/types';
import type { StoredAuth } from '@/lib/core';

/**
 * A session's tokens: the server's `Tokens`, or those of a session restored from storage, where
 * core's `validateStoredAuth` lets the refresh token and the expiry be missing.
 */
export type SessionTokens = StoredAuth['tokens'];

export interface AuthState {
  /** The server's user: confirmed by the server when `isAuthenticated`, else as last saved. */
  user: UserView | null;
  tokens: SessionTokens | null;
  sessionId: string | null;
  /** True only for a usable session (logged in, or restored and confirmed by the server). */
  isAuthenticated: boolean;
  isLoading: boolean;
  /** A 401 ended the session and the app is on its way to the login page (guards hold still). */
  expiring: boolean;
}
