// The catalogue and library endpoints, one function each, answering what the contract says (`lib/api/types`).
// Every call goes through `authRequest`, so a signed-in listener gets the per-user state too.
import type { ApiData, ProgressBody } from '@/lib/api/types';
import { authRequest } from '@/lib/http';

/** Query parameters as callers give them; an undefined, null or empty value means "not set". */
export type Params = Record<string, string | number | null | undefined>;

/** The values that are set (what a query string carries, and what a query key is built from). */
export function definedParams(params: Params): Record<string, string | number> {
  const defined: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') defined[key] = value;
  }
  return defined;
}

/** `?a=1&b=2` of the defined, non-empty values. */
export function query(params: Params): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(definedParams(params))) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

type Signal = { signal?: AbortSignal };
const get = <T>(path: string, { signal }: Signal = {}) => authRequest<T>('GET', path, { signal });

export const catalogApi = {
  categories: (o?: Signal) => get<ApiData<'/api/categories', 'get'>>('/api/categories', o),
  tags: (o?: Signal) => get<ApiData<'/api/tags', 'get'>>('/api/tags', o),
  books: (params: Params, o?: Signal) => get<ApiData<'/api/books', 'get'>>(`/api/books${query(params)}`, o),
  book: (id: number, o?: Signal) => get<ApiData<'/api/books/{id}', 'get'>>(`/api/books/${id}`, o),
  chapters: (bookId: number, page = 1, pageSize = 100, o?: Signal) =>
    get<ApiData<'/api/books/{id}/chapters', 'get'>>(`/api/books/${bookId}/chapters${query({ page, pageSize })}`, o),
  chapter: (id: number, o?: Signal) => get<ApiData<'/api/chapters/{id}', 'get'>>(`/api/chapters/${id}`, o),
  limitedFree: (o?: Signal) => get<ApiData<'/api/limited-free', 'get'>>('/api/limited-free', o),
  recommendations: (o?: Signal) => get<ApiData<'/api/recommendations', 'get'>>('/api/recommendations', o),
  search: (params: Params, o?: Signal) => get<ApiData<'/api/search', 'get'>>(`/api/search${query(params)}`, o),
};

export const libraryApi = {
  bookshelf: (o?: Signal) => get<ApiData<'/api/me/bookshelf', 'get'>>('/api/me/bookshelf', o),
  setBookshelf: (bookId: number, on: boolean) =>
    on
      ? authRequest<ApiData<'/api/me/bookshelf/{id}', 'put'>>('PUT', `/api/me/bookshelf/${bookId}`)
      : authRequest<ApiData<'/api/me/bookshelf/{id}', 'delete'>>('DELETE', `/api/me/bookshelf/${bookId}`),
  favorites: (o?: Signal) => get<ApiData<'/api/me/favorites', 'get'>>('/api/me/favorites', o),
  setFavorite: (bookId: number, on: boolean) =>
    on
      ? authRequest<ApiData<'/api/me/favorites/{id}', 'put'>>('PUT', `/api/me/favorites/${bookId}`)
      : authRequest<ApiData<'/api/me/favorites/{id}', 'delete'>>('DELETE', `/api/me/favorites/${bookId}`),
  history: (page = 1, o?: Signal) => get<ApiData<'/api/me/history', 'get'>>(`/api/me/history${query({ page })}`, o),
  clearHistory: (bookId?: number) =>
    bookId === undefined
      ? authRequest<ApiData<'/api/me/history', 'delete'>>('DELETE', '/api/me/history')
      : authRequest<ApiData<'/api/me/history/{id}', 'delete'>>('DELETE', `/api/me/history/${bookId}`),
  progress: (bookId: number, o?: Signal) =>
    get<ApiData<'/api/me/progress', 'get'>>(`/api/me/progress${query({ bookId })}`, o),
  saveProgress: (chapterId: number, body: ProgressBody) =>
    authRequest<ApiData<'/api/me/progress/{id}', 'put'>>('PUT', `/api/me/progress/${chapterId}`, { body }),
};
