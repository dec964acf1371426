// Who the app asks the server as: the page's language and the signed-in user. Answers that carry
// per-user state live under `['viewer', userId, …]`, so one user's answers never show to the next.
import type { QueryClient } from '@tanstack/react-query';
import type { Lang } from '@/lib/core';

export interface Viewer {
  lang: Lang;
  /** The signed-in user's id; null for a visitor who is not signed in. */
  userId: number | null;
}

/** The prefix of every answer made for this user (null: for the signed-out visitor). */
export const viewerKey = (userId: number | null) => ['viewer', userId] as const;

/**
 * Forgets the answers made for anyone but `userId`; run whenever the signed-in user changes
 * (sign-in, sign-out, expiry, restore). The signed-out visitor's answers go too: a page asked
 * while the startup restore was running is answered for the user being restored.
 */
export function forgetOtherViewers(queryClient: QueryClient, userId: number | null): void {
  queryClient.removeQueries({ queryKey: ['viewer'], predicate: (query) => query.queryKey[1] !== userId });
}

/**
 * The account changed (profile saved): every answer made for the user is asked again — what is
 * on screen now, the rest when next shown — so none keeps describing the account as it was.
 */
export function accountChanged(queryClient: QueryClient, userId: number): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: viewerKey(userId) });
}
