// The current user (null when signed out) and its shape as the route guards of core expect it.
import { useContext } from 'react';
import type { GuardUser } from '@/lib/core';
import { CurrentUserContext } from './current-user';
import type { User } from './types';

export function useCurrentUser(): User | null {
  return useContext(CurrentUserContext);
}

export function toGuardUser(user: User | null): GuardUser | null {
  if (!user) return null;
  return {
    userType: user.userType,
    subscriptionType: user.subscriptionType,
    subscriptionExpiresAt: user.subscriptionExpiresAt ?? null,
    permissions: user.permissions ?? [],
    roles: user.roles ?? [],
  } as GuardUser;
}
