// Positions the player could not save because the browser was offline: kept in local storage (the
// newest per chapter and listener, by core's `progressWins`) and sent again with the time each was
// taken once back online. The server keeps the newest `updatedAt`, so late saves merge correctly.
import type { ProgressBody } from '@/lib/api/types';
import { progressWins } from '@/lib/core';
import { ApiError } from '@/lib/http';
import { isOfflineFailure } from './offline';

export const progressQueueKey = 'player.progressQueue';

/** A save waiting for the network: whose, for which chapter, and the body as it was taken. */
export interface QueuedProgress {
  userId: number;
  chapterId: number;
  body: ProgressBody & { updatedAt: number };
}

const sameChapter = (a: QueuedProgress, b: Pick<QueuedProgress, 'userId' | 'chapterId'>) =>
  a.userId === b.userId && a.chapterId === b.chapterId;

function isQueued(value: unknown): value is QueuedProgress {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Partial<QueuedProgress>;
  return (
    typeof entry.userId === 'number' &&
    typeof entry.chapterId === 'number' &&
    typeof entry.body === 'object' &&
    typeof entry.body?.updatedAt === 'number'
  );
}

/** The saves waiting, oldest first. */
export function queuedProgress(): QueuedProgress[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(progressQueueKey) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isQueued) : [];
  } catch {
    return [];
  }
}

function write(entries: QueuedProgress[]): void {
  try {
    if (entries.length > 0) window.localStorage.setItem(progressQueueKey, JSON.stringify(entries));
    else window.localStorage.removeItem(progressQueueKey);
  } catch {
    // Not kept: the local copy of the position still resumes playback on this device.
  }
}

/** Keeps a save for later, unless a newer one of the same chapter is already waiting. */
export function queueProgress(entry: QueuedProgress): void {
  const entries = queuedProgress();
  const waiting = entries.find((other) => sameChapter(other, entry));
  if (waiting && !progressWins({ storedUpdatedAt: waiting.body.updatedAt, incomingUpdatedAt: entry.body.updatedAt }))
    return;
  write([...entries.filter((other) => !sameChapter(other, entry)), entry]);
}

/** Drops a sent save, unless a newer one of its chapter was queued meanwhile. */
function drop(sent: QueuedProgress): void {
  write(
    queuedProgress().filter((other) => !(sameChapter(other, sent) && other.body.updatedAt === sent.body.updatedAt)),
  );
}

/** The server answered for good: a success, or a refusal other than 401 (sign in again) or 429 (later). */
function answered(error: unknown): boolean {
  const status = error instanceof ApiError ? error.statusCode : 0;
  return status >= 400 && status < 500 && status !== 401 && status !== 429;
}

type Save = (chapterId: number, body: ProgressBody) => Promise<unknown>;

let replaying: Promise<number> | null = null;

async function replay(userId: number, save: Save): Promise<number> {
  let taken = 0;
  for (const entry of queuedProgress().filter((queued) => queued.userId === userId)) {
    try {
      await save(entry.chapterId, entry.body);
      taken += 1;
      drop(entry);
    } catch (error) {
      if (answered(error)) drop(entry);
      else if (isOfflineFailure(error)) break;
    }
  }
  return taken;
}

/**
 * Sends the listener's waiting saves one by one, each with its own `updatedAt`; resolves with how
 * many the server took. One replay at a time.
 */
export function replayProgress(userId: number, save: Save): Promise<number> {
  replaying ??= replay(userId, save).finally(() => {
    replaying = null;
  });
  return replaying;
}
