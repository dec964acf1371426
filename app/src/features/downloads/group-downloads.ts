// The downloads page's list: kept chapters and transfers under way, grouped by book (by title) and
// in chapter order, with each book's kept bytes and the earliest end of its grants.
import type { DownloadRecord } from '@/lib/downloads/download-cache';
import type { Transfer } from '@/lib/downloads/download-manager';

/** One chapter of a book's group: kept (`record`), on its way (`transfer`), or failed to arrive. */
export interface ChapterEntry {
  chapterId: number;
  index: number;
  title: string;
  record?: DownloadRecord;
  transfer?: Transfer;
}

export interface BookGroup {
  bookId: number;
  bookTitle: string;
  chapters: ChapterEntry[];
  /** Bytes of the kept chapters. */
  bytes: number;
  keptCount: number;
  /** When the first of its kept chapters' grants ends (ms); null while none is kept. */
  playableUntil: number | null;
}

export function groupDownloads(records: DownloadRecord[], transfers: Transfer[]): BookGroup[] {
  const groups = new Map<number, BookGroup>();
  const groupOf = (bookId: number, bookTitle: string) => {
    let group = groups.get(bookId);
    if (!group) {
      group = { bookId, bookTitle, chapters: [], bytes: 0, keptCount: 0, playableUntil: null };
      groups.set(bookId, group);
    }
    return group;
  };
  for (const record of records) {
    const group = groupOf(record.bookId, record.bookTitle);
    group.chapters.push({ chapterId: record.chapterId, index: record.index, title: record.title, record });
    group.bytes += record.bytes;
    group.keptCount += 1;
    group.playableUntil = Math.min(group.playableUntil ?? Infinity, record.grantExpiresAt);
  }
  for (const transfer of transfers) {
    const group = groupOf(transfer.bookId, transfer.bookTitle);
    const kept = group.chapters.find((entry) => entry.chapterId === transfer.chapterId);
    if (kept) kept.transfer = transfer;
    else group.chapters.push({ chapterId: transfer.chapterId, index: transfer.index, title: transfer.title, transfer });
  }
  for (const group of groups.values()) group.chapters.sort((a, b) => a.index - b.index);
  return [...groups.values()].sort((a, b) => a.bookTitle.localeCompare(b.bookTitle) || a.bookId - b.bookId);
}

/** Bytes of every kept chapter. */
export const keptBytes = (records: DownloadRecord[]) => records.reduce((sum, record) => sum + record.bytes, 0);
