// Holds the current user for the app (signed out by default); the real auth store replaces its source later.
import { createContext, type ReactNode } from 'react';
import type { User } from './types';

export const CurrentUserContext = createContext<User | null>(null);

export function CurrentUserProvider({ user = null, children }: { user?: User | null; children: ReactNode }) {
  return <CurrentUserContext.Provider value={user}>{children}</CurrentUserContext.Provider>;
}
