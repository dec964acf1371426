// The catalogue and library API (issue 4 contract): types of the server's answers and one function per endpoint.
// Every call goes through `authRequest`, so a signed-in listener gets the per-user state too.
import { authRequest } from '@/lib/http';

export type BookAccess = 'free' | 'vip' | 'paid';
export type BookStatus = 'serialising' | 'finished';
export type Titles = { zh: string; en?: string | null; ja?: string | null };

export interface Person {
  id: number;
  name: string;
}

export interface BookSummary {
  id: number;
  title: string;
  titles?: Titles;
  subtitle?: string | null;
  author: Person;
  narrator: Person | null;
  category: { id: number; slug: string; name: string } | null;
  coverUrl: string | null;
  status: BookStatus;
  access: BookAccess;
  price: { cny: number; usd: number; jpy: number } | null;
  chapterCount: number;
  totalDurationSecs: number;
  playCount: number;
  favoriteCount: number;
  rating: number | null;
  ratingCount: number;
  tags: string[];
  freeUntil: number | null;
  updatedAt: number;
}

export interface BookDetail extends BookSummary {
  description: string;
  me: { onBookshelf: boolean; favorite: boolean; lastChapterId: number | null; lastPositionSecs: number | null } | null;
}

export type AccessKind = 'free' | 'campaign' | 'member' | 'purchased' | 'login' | 'membership' | 'purchase';
export interface ChapterAccess {
  kind: AccessKind;
  allowed: boolean;
  until?: number | null;
}

export interface ChapterSummary {
  id: number;
  index: number;
  title: string;
  durationSecs: number;
  isFree: boolean;
  access: ChapterAccess;
  progress: { positionSecs: number; completed: boolean } | null;
}

export interface ChapterDetail extends ChapterSummary {
  bookId: number;
  book: BookSummary;
  prevId: number | null;
  nextId: number | null;
  audio: { url: string; expiresAt: number | null } | null;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface Category {
  id: number;
  slug: string;
  name: string;
  names?: Titles;
  parentId: number | null;
  bookCount: number;
  children: Category[];
}

/** A tag that some book carries, with how many do (`GET /api/tags`); `?tag=` filters on its name. */
export interface Tag {
  id: number;
  name: string;
  bookCount: number;
}

export interface Recommendation {
  book: BookSummary;
  reason: { kind: 'category' | 'author' | 'narrator' | 'popular'; name: string | null };
}

export interface SearchHit {
  book: BookSummary;
  highlights: { title?: string; author?: string; description?: string };
}

export interface SearchResult extends Page<SearchHit> {
  facets: { categories: { id: number; slug: string; name: string; count: number }[] };
}

export interface ShelfEntry {
  book: BookSummary;
  addedAt: number;
  progress: {
    chapterId: number;
    chapterTitle: string;
    positionSecs: number;
    durationSecs: number;
    updatedAt: number;
  } | null;
}

export interface HistoryEntry {
  book: BookSummary;
  chapter: { id: number; index: number; title: string };
  positionSecs: number;
  durationSecs: number;
  updatedAt: number;
}

export interface ProgressRow {
  chapterId: number;
  positionSecs: number;
  durationSecs: number;
  completed: boolean;
  updatedAt: number;
}

/** `?a=1&b=2` of the defined, non-empty values. */
export function query(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

type Signal = { signal?: AbortSignal };
const get = <T>(path: string, { signal }: Signal = {}) => authRequest<T>('GET', path, { signal });

export const catalogApi = {
  categories: (o?: Signal) => get<Category[]>('/api/categories', o),
  tags: (o?: Signal) => get<{ items: Tag[] }>('/api/tags', o),
  books: (params: Record<string, string | number | null | undefined>, o?: Signal) =>
    get<Page<BookSummary>>(`/api/books${query(params)}`, o),
  book: (id: number | string, o?: Signal) => get<BookDetail>(`/api/books/${id}`, o),
  chapters: (bookId: number | string, page = 1, pageSize = 100, o?: Signal) =>
    get<Page<ChapterSummary>>(`/api/books/${bookId}/chapters${query({ page, pageSize })}`, o),
  chapter: (id: number | string, o?: Signal) => get<ChapterDetail>(`/api/chapters/${id}`, o),
  limitedFree: (o?: Signal) => get<Page<BookSummary>>('/api/limited-free', o),
  recommendations: (o?: Signal) => get<Page<Recommendation>>('/api/recommendations', o),
  search: (params: Record<string, string | number | null | undefined>, o?: Signal) =>
    get<SearchResult>(`/api/search${query(params)}`, o),
};

export const libraryApi = {
  bookshelf: (o?: Signal) => get<Page<ShelfEntry>>('/api/me/bookshelf', o),
  setBookshelf: (bookId: number, on: boolean) => authRequest(on ? 'PUT' : 'DELETE', `/api/me/bookshelf/${bookId}`),
  favorites: (o?: Signal) => get<Page<ShelfEntry>>('/api/me/favorites', o),
  setFavorite: (bookId: number, on: boolean) => authRequest(on ? 'PUT' : 'DELETE', `/api/me/favorites/${bookId}`),
  history: (page = 1, o?: Signal) => get<Page<HistoryEntry>>(`/api/me/history${query({ page })}`, o),
  clearHistory: (bookId?: number) =>
    authRequest('DELETE', bookId === undefined ? '/api/me/history' : `/api/me/history/${bookId}`),
  progress: (bookId: number, o?: Signal) =>
    get<Page<ProgressRow> | ProgressRow[]>(`/api/me/progress${query({ bookId })}`, o),
  saveProgress: (
    chapterId: number,
    body: { positionSecs: number; durationSecs: number; completed: boolean; updatedAt: number },
  ) => authRequest<ProgressRow>('PUT', `/api/me/progress/${chapterId}`, { body }),
};

/** A list answer's items, whether the server wrapped them in a page or not. */
export function itemsOf<T>(value: Page<T> | T[] | null | undefined): T[] {
  if (!value) return [];
  return Array.isArray(value) ? value : (value.items ?? []);
}
