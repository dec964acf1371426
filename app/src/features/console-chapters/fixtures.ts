// Console chapter answers for the tests of this feature: chapters, a book's chapter list, rows
// across books and listening figures, typed by the contract.
import type { AdminChapter, AdminChapterList, AdminChapterRow, ChapterBook, ChapterFigures } from '@/lib/api/types';
import { asset } from '@/testing/upload-fixtures';

const hourAgo = () => Date.now() - 60 * 60 * 1000;

export function chapter(id: number, idx: number, titleZh: string, patch: Partial<AdminChapter> = {}): AdminChapter {
  return {
    id,
    bookId: 5,
    idx,
    titleZh,
    titleEn: null,
    titleJa: null,
    durationSecs: 754,
    isFree: false,
    priceCny: null,
    priceUsd: null,
    priceJpy: null,
    published: true,
    asset: asset(100 + id, { originalName: `${titleZh}.mp3` }),
    createdAt: hourAgo(),
    updatedAt: hourAgo(),
    ...patch,
  };
}

export function chapterBook(patch: Partial<ChapterBook> = {}): ChapterBook {
  return { id: 5, titleZh: '三体', access: 'vip', published: true, chapterCount: 3, totalDurationSecs: 2262, ...patch };
}

export function chapterList(chapters: AdminChapter[], book: Partial<ChapterBook> = {}): AdminChapterList {
  return { book: chapterBook(book), chapters };
}

export function chapterRow(id: number, titleZh: string, patch: Partial<AdminChapterRow> = {}): AdminChapterRow {
  return { ...chapter(id, 1, titleZh), bookTitle: '三体', ...patch };
}

export function figures(chapterId: number, idx: number, patch: Partial<ChapterFigures> = {}): ChapterFigures {
  return { chapterId, idx, titleZh: `第${idx}章`, listeners: 0, completed: 0, dropped: 0, current: 0, ...patch };
}
