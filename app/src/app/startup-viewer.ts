// Who the first page's data can be asked for before the first render: the signed-out visitor, or
// nobody yet when a stored session is about to be restored (its answers would be for someone else).
import { authStorageKey } from '@/features/auth/auth-store';
import type { Lang } from '@/lib/core';
import type { Viewer } from '@/lib/queries/viewer';

export function startupViewer(lang: Lang): Viewer | null {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(authStorageKey);
  } catch {
    // No storage: the auth store restores nothing either.
  }
  return stored === null ? { lang, userId: null } : null;
}
