// What the downloads and offline pages show: the kept chapters grouped by book, whether they may
// play (a member whose membership has not lapsed), and their grants renewed while online.
import { useCurrentUser } from '@/features/auth/use-auth';
import { isPremium } from '@/lib/core-pages';
import { downloadPlayable } from '@/lib/downloads/download-cache';
import { useDownloads } from '@/lib/downloads/use-downloads';
import { groupDownloads } from './group-downloads';
import { useRenewal } from './use-renewal';

export function useKeptDownloads() {
  const user = useCurrentUser();
  const state = useDownloads();
  useRenewal(user !== null);
  const { records, transfers } = state;
  const now = Date.now();
  const lapsed = records.some((record) => record.lapsed);
  const member = isPremium({ user, nowMs: now });
  const canPlay = member && !lapsed;
  return {
    ...state,
    /** The listener's zone, for the dates the offline passes end. */
    timezone: user?.preferences.timezone ?? null,
    lapsed,
    member,
    canPlay,
    /** Some kept chapter's offline pass ran out (renewed the next time the page opens online). */
    expired: records.some((record) => !record.lapsed && !downloadPlayable(record, now)),
    groups: groupDownloads(records, transfers),
  };
}
