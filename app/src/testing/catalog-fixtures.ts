// Catalogue answers for tests, typed by the contract (`lib/api/types`), so a contract change breaks them.
import type { BookDetail, BookSummary, ChapterDetail, ChapterSummary, Page } from '@/lib/api/types';

export function book(id: number, patch: Partial<BookSummary> = {}): BookSummary {
  return {
    id,
    title: `书${id}`,
    titleLang: 'zh',
    titles: { zh: `书${id}`, en: `Book ${id}`, ja: `本${id}` },
    subtitle: null,
    subtitleLang: 'zh',
    author: { id: 1, name: '作者甲', lang: 'zh' },
    narrator: { id: 1, name: '演播乙', lang: 'zh' },
    category: { id: 1, slug: 'wuxia', name: '武侠' },
    coverUrl: null,
    status: 'serialising',
    access: 'free',
    price: null,
    chapterCount: 3,
    totalDurationSecs: 3600,
    playCount: 12345,
    favoriteCount: 67,
    rating: 4.5,
    ratingCount: 10,
    tags: [],
    freeUntil: null,
    updatedAt: Date.now(),
    ...patch,
  };
}

export function bookDetail(id: number, patch: Partial<BookDetail> = {}): BookDetail {
  return {
    ...book(id),
    description: '第一段简介\n第二段简介',
    descriptionLang: 'zh',
    me: null,
    viewerAccess: { kind: 'free', allowed: true },
    ...patch,
  };
}

export function chapter(id: number, patch: Partial<ChapterSummary> = {}): ChapterSummary {
  return {
    id,
    index: id,
    title: `第${id}章`,
    titleLang: 'zh',
    durationSecs: 125,
    isFree: true,
    access: { kind: 'free', allowed: true },
    progress: null,
    ...patch,
  };
}

export function chapterDetail(id: number, patch: Partial<ChapterDetail> = {}): ChapterDetail {
  return {
    ...chapter(id),
    bookId: 7,
    book: book(7),
    prevId: id > 1 ? id - 1 : null,
    nextId: id < 3 ? id + 1 : null,
    audio: { url: `/api/chapters/${id}/audio`, expiresAt: null },
    ...patch,
  };
}

/** A tag as books carry it: `name` filters, `label` shows (here the same, in zh). */
export const tag = (name: string): BookSummary['tags'][number] => ({ name, label: name, lang: 'zh' });

export const page = <T>(items: T[], total = items.length, pageSize = 20): Page<T> => ({
  items,
  total,
  page: 1,
  pageSize,
});
