// The signed-in user as the server sends it (spec §3 User, plus the roles and permissions of DESIGN §4).
export interface User {
  id: number | string;
  email: string;
  username: string;
  userType: string;
  subscriptionType: string;
  /** Ms since epoch; absent or null means permanent. */
  subscriptionExpiresAt?: number | null;
  avatarUrl?: string;
  preferences?: { language?: string };
  roles?: string[];
  permissions?: string[];
}
