// Console answers for the tests of this feature: book rows, a full book and categories.
import type { AdminBook, AdminBookRow, AdminCategory } from '@/lib/api/types';

const hourAgo = () => Date.now() - 60 * 60 * 1000;

export function bookRow(id: number, titleZh: string, patch: Partial<AdminBookRow> = {}): AdminBookRow {
  return {
    id,
    titleZh,
    titleEn: null,
    author: '作者甲',
    categoryId: 3,
    status: 'serialising',
    access: 'free',
    published: false,
    chapterCount: 12,
    playCount: 12345,
    updatedAt: hourAgo(),
    ...patch,
  };
}

export function adminBook(id: number, patch: Partial<AdminBook> = {}): AdminBook {
  return {
    id,
    titleZh: '新书',
    titleEn: null,
    titleJa: null,
    subtitleZh: null,
    subtitleEn: null,
    subtitleJa: null,
    descriptionZh: '简介',
    descriptionEn: null,
    descriptionJa: null,
    authorId: 1,
    author: '作者甲',
    authorEn: null,
    authorJa: null,
    narratorId: null,
    narrator: null,
    narratorEn: null,
    narratorJa: null,
    categoryId: 3,
    tags: [],
    tagsEn: [],
    tagsJa: [],
    status: 'serialising',
    access: 'free',
    language: 'zh',
    priceCny: null,
    priceUsd: null,
    priceJpy: null,
    coverUrl: null,
    published: false,
    chapterCount: 0,
    totalDurationSecs: 0,
    playCount: 0,
    createdAt: hourAgo(),
    updatedAt: hourAgo(),
    ...patch,
  };
}

export function category(id: number, nameZh: string, patch: Partial<AdminCategory> = {}): AdminCategory {
  return {
    id,
    slug: `c${id}`,
    nameZh,
    nameEn: `${nameZh}-en`,
    nameJa: `${nameZh}-ja`,
    parentId: null,
    sortOrder: 0,
    bookCount: 0,
    createdAt: hourAgo(),
    ...patch,
  };
}
