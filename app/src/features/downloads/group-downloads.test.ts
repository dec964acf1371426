// The downloads page's grouping: books by title, chapters in order, transfers beside kept chapters,
// each book's kept bytes and the earliest end of its grants.
import { downloadRecord } from '@/testing/download-fixtures';
import type { Transfer } from '@/lib/downloads/download-manager';
import { groupDownloads, keptBytes } from './group-downloads';

const transfer = (chapterId: number, patch: Partial<Transfer> = {}): Transfer => ({
  chapterId,
  bookId: 7,
  bookTitle: '书7',
  title: `第${chapterId}章`,
  index: chapterId,
  received: 0,
  total: 1000,
  status: 'queued',
  ...patch,
});

describe('groupDownloads', () => {
  it('groups by book and orders chapters, counting only what is kept', () => {
    const records = [
      downloadRecord(3, { bytes: 300, grantExpiresAt: 3000 }),
      downloadRecord(1, { bytes: 100, grantExpiresAt: 2000 }),
      downloadRecord(40, { bookId: 4, bookTitle: 'A book', bytes: 50, grantExpiresAt: 9000 }),
    ];
    const groups = groupDownloads(records, [transfer(2), transfer(50, { bookId: 5, bookTitle: 'B book' })]);
    expect(groups.map((group) => group.bookTitle)).toEqual(['A book', 'B book', '书7']);
    const seven = groups[2];
    expect(seven.chapters.map((entry) => [entry.chapterId, Boolean(entry.record), Boolean(entry.transfer)])).toEqual([
      [1, true, false],
      [2, false, true],
      [3, true, false],
    ]);
    expect(seven).toMatchObject({ bytes: 400, keptCount: 2, playableUntil: 2000 });
    expect(groups[1]).toMatchObject({ bytes: 0, keptCount: 0, playableUntil: null });
    expect(keptBytes(records)).toBe(450);
  });
});
