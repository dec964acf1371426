// The catalogue's queries: one key and fetcher per endpoint of `catalogApi`. Every key carries the
// language (titles and names are localised); answers with per-user state (book `me`, chapter
// access and progress, recommendations) sit under the viewer's key (`./viewer`).
import { queryOptions } from '@tanstack/react-query';
import type { Lang } from '@/lib/core';
import { catalogApi, definedParams, type Params } from '@/lib/catalog-api';
import { viewerKey, type Viewer } from './viewer';

/** How many books a home shelf shows. */
export const homeShelfSize = 6;
/** How many chapters a page of a book's chapter list shows. */
const chapterPageSize = 100;
/** How many books a page of the book list (`/books`) shows. */
export const booksPageSize = 20;

/** The book list's filters as its address holds them (`''` or absent: not set). */
export type BookListFilters = Partial<Record<'category' | 'tag' | 'status' | 'access' | 'sort', string>>;

/** The orders of the catalogue the home page shows a shelf of. */
export type HomeShelfSort = 'popular' | 'newest' | 'rating';

export const catalogQueries = {
  categories: (lang: Lang) =>
    queryOptions({
      queryKey: ['catalog', 'categories', { lang }],
      queryFn: ({ signal }) => catalogApi.categories({ signal }),
    }),
  tags: (lang: Lang) =>
    queryOptions({
      queryKey: ['catalog', 'tags', { lang }],
      queryFn: ({ signal }) => catalogApi.tags({ signal }),
    }),
  books: (lang: Lang, params: Params) =>
    queryOptions({
      queryKey: ['catalog', 'books', { lang, ...definedParams(params) }],
      queryFn: ({ signal }) => catalogApi.books(params, { signal }),
    }),
  limitedFree: (lang: Lang) =>
    queryOptions({
      queryKey: ['catalog', 'limited-free', { lang }],
      queryFn: ({ signal }) => catalogApi.limitedFree({ signal }),
    }),
  search: (lang: Lang, params: Params) =>
    queryOptions({
      queryKey: ['catalog', 'search', { lang, ...definedParams(params) }],
      queryFn: ({ signal }) => catalogApi.search(params, { signal }),
    }),
  book: ({ lang, userId }: Viewer, id: number) =>
    queryOptions({
      queryKey: [...viewerKey(userId), 'book', id, { lang }],
      queryFn: ({ signal }) => catalogApi.book(id, { signal }),
    }),
  chapters: ({ lang, userId }: Viewer, bookId: number, page: number, pageSize: number) =>
    queryOptions({
      queryKey: [...viewerKey(userId), 'chapters', bookId, { lang, page, pageSize }],
      queryFn: ({ signal }) => catalogApi.chapters(bookId, page, pageSize, { signal }),
    }),
  /** A page of the book list as `/books` shows it: most played first unless sorted otherwise. */
  booksPage: (lang: Lang, filters: BookListFilters, page: number) =>
    catalogQueries.books(lang, { ...filters, sort: filters.sort || 'popular', page, pageSize: booksPageSize }),
  /** A home shelf: the first books of the catalogue in one order. */
  homeShelf: (lang: Lang, sort: HomeShelfSort) => catalogQueries.books(lang, { sort, pageSize: homeShelfSize }),
  /** A page of a book's chapter list, as the book's page shows it. */
  bookChapters: (viewer: Viewer, bookId: number, page: number) =>
    catalogQueries.chapters(viewer, bookId, page, chapterPageSize),
  chapter: ({ lang, userId }: Viewer, id: number) =>
    queryOptions({
      queryKey: [...viewerKey(userId), 'chapter', id, { lang }],
      queryFn: ({ signal }) => catalogApi.chapter(id, { signal }),
    }),
  recommendations: ({ lang, userId }: Viewer) =>
    queryOptions({
      queryKey: [...viewerKey(userId), 'recommendations', { lang }],
      queryFn: ({ signal }) => catalogApi.recommendations({ signal }),
    }),
};
