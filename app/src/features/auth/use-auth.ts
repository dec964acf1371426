// React access to the auth store: the whole state, the current user, and the user as core's guards see it.
import { useSyncExternalStore } from 'react';
import type { UserView } from '@/lib/api/types';
import type { GuardUser } from '@/lib/core';
import { authStore } from './auth-store';
import type { AuthState } from './types';

export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.getSnapshot, authStore.getSnapshot);
}

/** The signed-in user, or null (also while a kept but unconfirmed session waits, spec §4 decision). */
export function useCurrentUser(): UserView | null {
  const state = useAuth();
  return state.isAuthenticated ? state.user : null;
}

export function toGuardUser(user: UserView | null): GuardUser | null {
  if (!user) return null;
  return {
    userType: user.userType,
    subscriptionType: user.subscriptionType,
    subscriptionExpiresAt: user.subscriptionExpiresAt ?? null,
    permissions: user.permissions,
    roles: user.roles,
  };
}
