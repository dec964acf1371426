// The player without a network: whether a failure means "offline", and a downloaded chapter made
// into what the player shows and plays (its neighbours the book's other playable downloads, its
// audio the plain address the service worker answers from the downloads).
import { ApiError } from '@/lib/http';
import { downloadPlayable, downloadsSupported, listRecords } from '@/lib/downloads/download-cache';
import type { PlayerChapter } from './player-controller';

/** A request failed because the browser is offline (or the server could not be reached at all). */
export function isOfflineFailure(error: unknown): boolean {
  return (error instanceof ApiError && error.statusCode === 0) || navigator.onLine === false;
}

/** A downloaded chapter that may play now, from its stored record; null when there is none. */
export async function downloadedChapter(chapterId: number, nowMs = Date.now()): Promise<PlayerChapter | null> {
  if (!downloadsSupported()) return null;
  let records;
  try {
    records = await listRecords();
  } catch (error) {
    console.warn('Could not read the downloads', error);
    return null;
  }
  const record = records.find((entry) => entry.chapterId === chapterId);
  if (!record || !downloadPlayable(record, nowMs)) return null;
  const book = records.filter((entry) => entry.bookId === record.bookId && downloadPlayable(entry, nowMs));
  const at = book.indexOf(record);
  return {
    id: record.chapterId,
    bookId: record.bookId,
    title: record.title,
    durationSecs: record.durationSecs,
    prevId: book[at - 1]?.chapterId ?? null,
    nextId: book[at + 1]?.chapterId ?? null,
    book: { title: record.bookTitle, coverUrl: null },
    audio: { url: `/api/chapters/${record.chapterId}/audio` },
  };
}
