// The signed-in user, tokens and session as the server sends them (spec §3, the accounts contract).
export interface User {
  id: number | string;
  email: string;
  username: string;
  userType: string;
  subscriptionType: string;
  /** Ms since epoch; absent or null means permanent. */
  subscriptionExpiresAt?: number | null;
  avatarUrl?: string | null;
  status?: string;
  preferences?: { language?: string | null; timezone?: string | null } | null;
  roles?: string[];
  permissions?: string[];
  createdAt?: number;
  lastLoginAt?: number | null;
}

export interface Tokens {
  accessToken: string;
  refreshToken: string | null;
  /** Absolute expiry of the access token in ms. */
  expiresIn: number | null;
}

/** `data` of login and register. */
export interface AuthSuccess {
  user: User;
  tokens: Tokens;
  sessionId: string | null;
}

export interface AuthState {
  user: User | null;
  tokens: Tokens | null;
  sessionId: string | null;
  /** True only for a usable session (logged in, or restored and confirmed by the server). */
  isAuthenticated: boolean;
  isLoading: boolean;
  /** A 401 ended the session and the app is on its way to the login page (guards hold still). */
  expiring: boolean;
}

export interface Credentials {
  /** Email or username. */
  email: string;
  password: string;
}

export interface Registration {
  email: string;
  username: string;
  password: string;
}

export interface ProfilePatch {
  username?: string;
  email?: string;
  avatarUrl?: string;
  language?: string;
  timezone?: string;
}

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}
