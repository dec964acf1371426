// The one auth store (spec §4 Authentication): state, local persistence, startup restore,
// refresh scheduling, login, register, logout and the session-expired hand-off to the UI.
import type { TFunction } from 'i18next';
import { AppError } from '@/lib/app-error';
import { refreshOnNavigation, refreshSchedule, validateStoredAuth } from '@/lib/core';
import { ApiError, connectAuthSession, isUnauthorized } from '@/lib/http';
import { putProfile, type ProfilePatch } from './api/update-profile';
import { postChangePassword } from './api/change-password';
import { postLogin } from './api/login';
import { postLogout } from './api/logout';
import { getMe } from './api/me';
import { postRefresh } from './api/refresh';
import { postRegister } from './api/register';
import type {
  LoginInput,
  PasswordChangeRequest,
  RegistrationRequest,
  SignedIn,
  Tokens,
  UserView,
} from '@/lib/api/types';
import type { AuthState, SessionTokens } from './types';

/** Local storage key of the session, and session storage key set by logout (spec §3). */
export const authStorageKey = 'auth';
export const logoutPendingKey = 'logout_pending';
/** Spec §5: profile update and password change while signed out (the text until translations are connected). */
export const notLoggedInMessage = '用户未登录';

export type AuthEvent =
  /** Someone signed in or registered (not a kept session restored): a guest's things may move to them. */
  | { type: 'signed-in'; user: UserView }
  /** Logout finished: the UI shows the toast and replaces the address with the login page. */
  | { type: 'logged-out' }
  /** A 401 nobody cured: the UI decides (outside /auth) to clear the session and send to login. */
  | { type: 'unauthorized'; error: ApiError };

const signedOut: AuthState = {
  user: null,
  tokens: null,
  sessionId: null,
  isAuthenticated: false,
  isLoading: false,
  expiring: false,
};

function storage(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The browser reports no network at all (not merely a failing server). */
function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** Expiry is the token's own absolute timestamp (no product rule: past is past). */
function isExpired(tokens: SessionTokens, nowMs: number): boolean {
  return tokens.expiresIn !== null && tokens.expiresIn <= nowMs;
}

export class AuthStore {
  private state: AuthState = signedOut;
  private readonly listeners = new Set<() => void>();
  private readonly eventListeners = new Set<(event: AuthEvent) => void>();
  private readonly reported = new WeakSet<object>();
  private refreshTimer: ReturnType<typeof setTimeout> | null = null;
  private refreshing: Promise<boolean> | null = null;
  private restoring: Promise<boolean> | null = null;
  private startup: Promise<boolean> | null = null;
  private translate: TFunction | null = null;

  // --- external store ---------------------------------------------------------------------

  getSnapshot = (): AuthState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  onEvent(listener: (event: AuthEvent) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  /** The user the guards and the header see: nobody unless the session is usable. */
  get currentUser(): UserView | null {
    return this.state.isAuthenticated ? this.state.user : null;
  }

  private set(patch: Partial<AuthState>): void {
    this.state = { ...this.state, ...patch };
    this.listeners.forEach((listener) => listener());
  }

  private emit(event: AuthEvent): void {
    this.eventListeners.forEach((listener) => listener(event));
  }

  // --- persistence ------------------------------------------------------------------------

  private persist(): void {
    const { user, tokens, sessionId, isAuthenticated } = this.state;
    try {
      storage('local')?.setItem(authStorageKey, JSON.stringify({ user, tokens, sessionId, isAuthenticated }));
    } catch (error) {
      console.warn('Could not save the session', error);
    }
  }

  /** Clears state, storage and the scheduled refresh. */
  clearSession(): void {
    this.cancelRefresh();
    this.set(signedOut);
    storage('local')?.removeItem(authStorageKey);
  }

  /**
   * A 401 nobody cured ended the session: cleared like a logout, and flagged so the page
   * being left does not start its own login redirect before the app's (with its reason).
   */
  expireSession(): void {
    this.clearSession();
    this.set({ expiring: true });
  }

  /** The app reached its next address after `expireSession`. */
  settle(): void {
    if (this.state.expiring) this.set({ expiring: false });
  }

  isLogoutPending(): boolean {
    return (storage('session')?.getItem(logoutPendingKey) ?? null) !== null;
  }

  // --- sign in and out --------------------------------------------------------------------

  /** Anonymous → authenticated (spec §4): state saved locally and a refresh scheduled. */
  establish(success: SignedIn): UserView {
    storage('session')?.removeItem(logoutPendingKey);
    this.set({
      user: success.user,
      tokens: success.tokens,
      sessionId: success.sessionId,
      isAuthenticated: true,
      isLoading: false,
      expiring: false,
    });
    this.persist();
    this.scheduleRefresh();
    return success.user;
  }

  async login(credentials: LoginInput): Promise<UserView> {
    return this.signedIn(this.establish(await postLogin(credentials)));
  }

  async register(registration: RegistrationRequest): Promise<UserView> {
    return this.signedIn(this.establish(await postRegister(registration)));
  }

  private signedIn(user: UserView): UserView {
    this.emit({ type: 'signed-in', user });
    return user;
  }

  async logout(): Promise<void> {
    const { sessionId, tokens } = this.state;
    if (sessionId) {
      try {
        await postLogout(sessionId, tokens?.accessToken ?? null);
      } catch (error) {
        console.error('Logout request failed', error);
      }
    }
    this.clearSession();
    storage('session')?.setItem(logoutPendingKey, 'true');
    this.emit({ type: 'logged-out' });
  }

  // --- refresh ----------------------------------------------------------------------------

  /**
   * New tokens from the refresh token. False when there is none or the server refuses it;
   * throws when the server could not be asked (network, 5xx). Concurrent callers share one
   * call, since presenting a rotated token twice would revoke the whole session.
   */
  refresh(): Promise<boolean> {
    if (this.refreshing) return this.refreshing;
    const refreshToken = this.state.tokens?.refreshToken;
    if (!refreshToken) return Promise.resolve(false);
    this.refreshing = (async () => {
      try {
        const tokens = await postRefresh(refreshToken);
        // Signed out (or signed in again) meanwhile: these tokens belong to nobody.
        if (this.state.tokens?.refreshToken !== refreshToken) return false;
        this.set({ tokens });
        // Stored at once, even mid-restore: the old refresh token is spent (reuse revokes the session).
        if (this.state.user) this.persist();
        if (this.state.isAuthenticated) this.scheduleRefresh();
        return true;
      } catch (error) {
        console.warn('Token refresh failed', error);
        if (error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500) return false;
        throw error;
      } finally {
        this.refreshing = null;
      }
    })();
    return this.refreshing;
  }

  private cancelRefresh(): void {
    if (this.refreshTimer !== null) clearTimeout(this.refreshTimer);
    this.refreshTimer = null;
  }

  /** Schedules the next refresh by core's rule (5 min before expiry, under 24 h; 1 s when past). */
  scheduleRefresh(): void {
    this.cancelRefresh();
    const schedule = refreshSchedule({ expiresAtMs: this.state.tokens?.expiresIn ?? null, nowMs: Date.now() });
    if (schedule.kind === 'none') return;
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = null;
      // Failure is only logged (spec §8); the next request's 401 handling takes over.
      this.refresh().catch((error: unknown) => console.warn('Scheduled token refresh failed', error));
    }, schedule.delayMs);
  }

  /** On each navigation: refresh when the token is still valid with under 5 minutes left. */
  refreshOnNavigation(): void {
    if (!this.state.isAuthenticated || this.isLogoutPending()) return;
    if (refreshOnNavigation({ expiresAtMs: this.state.tokens?.expiresIn ?? null, nowMs: Date.now() })) {
      this.refresh().catch((error: unknown) => console.warn('Token refresh on navigation failed', error));
    }
  }

  // --- current user and restore -----------------------------------------------------------

  /**
   * GET /api/auth/me (spec §8): a 401 is rethrown; another failure refreshes the tokens and
   * tries again, rethrowing when the refresh fails.
   */
  async fetchCurrentUser(): Promise<UserView> {
    const token = this.state.tokens?.accessToken;
    if (!token) throw new AppError(401, notLoggedInMessage);
    let user: UserView;
    try {
      user = await getMe(token);
    } catch (error) {
      if (isUnauthorized(error)) throw error;
      const refreshed = await this.refresh().catch(() => false);
      if (!refreshed) throw error;
      user = await getMe(this.state.tokens?.accessToken ?? '');
    }
    if (this.state.isAuthenticated) {
      this.set({ user });
      this.persist();
    }
    return user;
  }

  /**
   * Startup restore (spec §4). Already authenticated → nothing. No stored data → fails.
   * Invalid data (core's rule) → removed, fails. Otherwise the stored state is loaded (an
   * expired token too, so it can be refreshed), refreshed when expired, and confirmed with
   * /api/auth/me. A 401 there clears everything. When a refresh fails (or the server cannot
   * confirm the session) the stored state is kept so free content still works, but the
   * session is not usable: `isAuthenticated` stays false, so guards and header see nobody.
   * Offline (the browser reports no network), the stored session counts as last confirmed, so
   * downloads still open, and is confirmed once the browser is back online.
   */
  restore(): Promise<boolean> {
    if (this.state.isAuthenticated) return Promise.resolve(true);
    if (this.restoring) return this.restoring;
    this.restoring = this.runRestore().finally(() => {
      this.restoring = null;
    });
    return this.restoring;
  }

  private async runRestore(): Promise<boolean> {
    const raw = storage('local')?.getItem(authStorageKey) ?? null;
    if (raw === null) return false;
    const validation = validateStoredAuth({ raw });
    if (validation.kind === 'invalid') {
      console.warn(`Discarding stored session: ${validation.reason}`);
      storage('local')?.removeItem(authStorageKey);
      return false;
    }
    const { auth } = validation;
    // Core vouched for the record, which holds the server's user as last saved (roles and
    // permissions included); /api/auth/me below replaces it before the session counts.
    const saved = JSON.parse(raw) as { user: UserView };
    this.set({
      user: saved.user,
      tokens: auth.tokens,
      sessionId: auth.sessionId,
      isAuthenticated: false,
      isLoading: true,
    });
    // Offline (the browser says so): nothing can be confirmed, and the member's downloads must
    // still open; the session counts as last confirmed until the browser is back online.
    if (browserOffline()) {
      this.set({ user: saved.user, isAuthenticated: true, isLoading: false });
      window.addEventListener('online', () => void this.confirmWhenOnline(), { once: true });
      return true;
    }
    try {
      if (isExpired(auth.tokens, Date.now())) {
        const refreshed = await this.refresh().catch(() => false);
        if (!refreshed) return false;
      }
      let user: UserView;
      try {
        user = await this.fetchCurrentUser();
      } catch (error) {
        if (isUnauthorized(error)) this.clearSession();
        else console.warn('Could not confirm the stored session', error);
        return false;
      }
      this.set({ user, isAuthenticated: true });
      this.persist();
      this.scheduleRefresh();
      return true;
    } finally {
      this.set({ isLoading: false });
    }
  }

  /**
   * Back online after an offline start: the kept session is confirmed as at startup. A refused
   * refresh leaves it unusable (kept, as at startup), a 401 clears it, a failing server keeps it.
   */
  private async confirmWhenOnline(): Promise<void> {
    const tokens = this.state.tokens;
    if (!this.state.isAuthenticated || !tokens) return;
    try {
      if (isExpired(tokens, Date.now()) && !(await this.refresh())) {
        this.set({ isAuthenticated: false });
        return;
      }
      await this.fetchCurrentUser();
      this.scheduleRefresh();
    } catch (error) {
      if (isUnauthorized(error)) this.clearSession();
      else console.warn('Could not confirm the session kept offline', error);
    }
  }

  /**
   * Startup, once per page load: a pending logout is cleared and restore skipped (spec §4);
   * otherwise the stored session is restored.
   */
  initialize(): Promise<boolean> {
    if (this.startup) return this.startup;
    if (this.isLogoutPending()) {
      storage('session')?.removeItem(logoutPendingKey);
      this.startup = Promise.resolve(false);
    } else {
      this.startup = this.restore();
    }
    return this.startup;
  }

  /** A protected page was reached signed out: try to restore (skipped while a logout is pending). */
  restoreForNavigation(): Promise<boolean> {
    if (!this.startup) return this.initialize();
    if (this.isLogoutPending()) return Promise.resolve(false);
    return this.restore();
  }

  // --- the HTTP layer's hooks ---------------------------------------------------------------

  /** Reports a 401 nobody cured, once per error. */
  reportUnauthorized(error: ApiError): void {
    if (this.reported.has(error)) return;
    this.reported.add(error);
    this.emit({ type: 'unauthorized', error });
  }

  // --- profile ----------------------------------------------------------------------------

  /** The app's translations (`AuthEffects` connects them): the store's own refusals speak the page's language. */
  translateWith(t: TFunction | null): void {
    this.translate = t;
  }

  /** Spec §5: refused before any request when nobody is signed in. */
  private requireSignedIn(): void {
    if (this.currentUser) return;
    throw new AppError(401, this.translate ? this.translate('app.auth.errors.notLoggedIn') : notLoggedInMessage);
  }

  async updateProfile(patch: ProfilePatch): Promise<UserView> {
    this.requireSignedIn();
    const user = await putProfile(patch);
    if (this.state.isAuthenticated) {
      this.set({ user });
      this.persist();
    }
    return user;
  }

  async changePassword(change: PasswordChangeRequest): Promise<void> {
    this.requireSignedIn();
    await postChangePassword(change);
  }

  // --- tests ------------------------------------------------------------------------------

  /** Signs a fixture user in without the server or storage (tests). */
  seed(user: UserView, tokens?: Partial<Tokens>): void {
    this.startup = Promise.resolve(true);
    this.set({
      user,
      tokens: {
        accessToken: 'test-access-token',
        refreshToken: 'test-refresh-token',
        expiresIn: Date.now() + 15 * 60_000,
        ...tokens,
      },
      sessionId: 'test-session',
      isAuthenticated: true,
      isLoading: false,
      expiring: false,
    });
  }

  /** Back to a fresh page load (tests). */
  reset(): void {
    this.cancelRefresh();
    this.refreshing = null;
    this.restoring = null;
    this.startup = null;
    this.translate = null;
    this.state = signedOut;
    this.listeners.forEach((listener) => listener());
  }
}

export const authStore = new AuthStore();

connectAuthSession({
  isLoading: () => authStore.getSnapshot().isLoading,
  accessToken: () =>
    authStore.getSnapshot().isAuthenticated ? (authStore.getSnapshot().tokens?.accessToken ?? null) : null,
  refreshToken: () =>
    authStore.getSnapshot().isAuthenticated ? (authStore.getSnapshot().tokens?.refreshToken ?? null) : null,
  expiresAt: () =>
    authStore.getSnapshot().isAuthenticated ? (authStore.getSnapshot().tokens?.expiresIn ?? null) : null,
  refresh: () => authStore.refresh(),
  onUnauthorized: (error) => authStore.reportUnauthorized(error),
});
