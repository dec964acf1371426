// The console's endpoints (catalogue, files and dashboard: manage:books; storage: manage:system),
// one function each, answering what the contract says (`lib/api/types`). Every call is made as the
// signed-in editor (`authRequest`).
import type {
  ApiData,
  BookInput,
  BulkRequest,
  CategoryInput,
  ChapterBulk,
  ChapterInput,
  CoverRequest,
} from '@/lib/api/types';
import { query, type Params } from '@/lib/catalog-api';
import { apiUrl, authRequest, bearerToken } from '@/lib/http';

type Signal = { signal?: AbortSignal };

/** The sizes the server makes of a cover: 600×800, 300×400 and 150×200 JPEG. */
export type CoverSize = 'large' | 'medium' | 'small';

/** `url` with the access token in `?token=`, for an element that cannot send a header. */
function withToken(url: string, token: string | null): string {
  return token ? `${url}?token=${encodeURIComponent(token)}` : url;
}

export const consoleApi = {
  books: (params: Params, { signal }: Signal = {}) =>
    authRequest<ApiData<'/api/admin/books', 'get'>>('GET', `/api/admin/books${query(params)}`, { signal }),
  book: (id: number, { signal }: Signal = {}) =>
    authRequest<ApiData<'/api/admin/books/{id}', 'get'>>('GET', `/api/admin/books/${id}`, { signal }),
  createBook: (body: BookInput) =>
    authRequest<ApiData<'/api/admin/books', 'post'>>('POST', '/api/admin/books', { body }),
  updateBook: (id: number, body: BookInput) =>
    authRequest<ApiData<'/api/admin/books/{id}', 'put'>>('PUT', `/api/admin/books/${id}`, { body }),
  deleteBook: (id: number) =>
    authRequest<ApiData<'/api/admin/books/{id}', 'delete'>>('DELETE', `/api/admin/books/${id}`),
  /** Makes the book's cover from an uploaded image, or removes it (`assetId: null`). */
  setBookCover: (id: number, body: CoverRequest) =>
    authRequest<ApiData<'/api/admin/books/{id}/cover', 'put'>>('PUT', `/api/admin/books/${id}/cover`, { body }),
  /** The address of one size of a cover made from image `assetId` (public, like the catalogue's). */
  coverUrl: (assetId: number, size: CoverSize) => apiUrl(`/api/covers/${assetId}/${size}`),
  bulkBooks: (body: BulkRequest) =>
    authRequest<ApiData<'/api/admin/books/bulk', 'post'>>('POST', '/api/admin/books/bulk', { body }),
  categories: ({ signal }: Signal = {}) =>
    authRequest<ApiData<'/api/admin/categories', 'get'>>('GET', '/api/admin/categories', { signal }),
  createCategory: (body: CategoryInput) =>
    authRequest<ApiData<'/api/admin/categories', 'post'>>('POST', '/api/admin/categories', { body }),
  updateCategory: (id: number, body: CategoryInput) =>
    authRequest<ApiData<'/api/admin/categories/{id}', 'put'>>('PUT', `/api/admin/categories/${id}`, { body }),
  /** `moveTo`: the category that receives the books (the server answers 409 without it when there are any). */
  deleteCategory: (id: number, moveTo?: number) =>
    authRequest<ApiData<'/api/admin/categories/{id}', 'delete'>>(
      'DELETE',
      `/api/admin/categories/${id}${query({ moveTo })}`,
    ),
  bookChapters: (bookId: number, { signal }: Signal = {}) =>
    authRequest<ApiData<'/api/admin/books/{id}/chapters', 'get'>>('GET', `/api/admin/books/${bookId}/chapters`, {
      signal,
    }),
  createChapter: (bookId: number, body: ChapterInput) =>
    authRequest<ApiData<'/api/admin/books/{id}/chapters', 'post'>>('POST', `/api/admin/books/${bookId}/chapters`, {
      body,
    }),
  /** Appends the chapters in this order, all or none (a bad field is `chapters.<n>.<field>`). */
  batchCreateChapters: (bookId: number, chapters: ChapterInput[]) =>
    authRequest<ApiData<'/api/admin/books/{id}/chapters/batch', 'post'>>(
      'POST',
      `/api/admin/books/${bookId}/chapters/batch`,
      { body: { chapters } },
    ),
  /** Every chapter of the book, each exactly once, in its new order. */
  reorderChapters: (bookId: number, chapterIds: number[]) =>
    authRequest<ApiData<'/api/admin/books/{id}/chapters/order', 'put'>>(
      'PUT',
      `/api/admin/books/${bookId}/chapters/order`,
      { body: { chapterIds } },
    ),
  bulkChapters: (bookId: number, body: ChapterBulk) =>
    authRequest<ApiData<'/api/admin/books/{id}/chapters/bulk', 'post'>>(
      'POST',
      `/api/admin/books/${bookId}/chapters/bulk`,
      { body },
    ),
  chapterFigures: (bookId: number, { signal }: Signal = {}) =>
    authRequest<ApiData<'/api/admin/books/{id}/chapters/analytics', 'get'>>(
      'GET',
      `/api/admin/books/${bookId}/chapters/analytics`,
      { signal },
    ),
  chapters: (params: Params, { signal }: Signal = {}) =>
    authRequest<ApiData<'/api/admin/chapters', 'get'>>('GET', `/api/admin/chapters${query(params)}`, { signal }),
  chapter: (id: number, { signal }: Signal = {}) =>
    authRequest<ApiData<'/api/admin/chapters/{id}', 'get'>>('GET', `/api/admin/chapters/${id}`, { signal }),
  updateChapter: (id: number, body: ChapterInput) =>
    authRequest<ApiData<'/api/admin/chapters/{id}', 'put'>>('PUT', `/api/admin/chapters/${id}`, { body }),
  deleteChapter: (id: number) =>
    authRequest<ApiData<'/api/admin/chapters/{id}', 'delete'>>('DELETE', `/api/admin/chapters/${id}`),
  /**
   * The address of a chapter's audio for an editor's `<audio>` element, which cannot send a
   * header: the access token rides in `?token=` (the server reads it as the bearer token).
   */
  chapterAudioUrl: async (id: number) => withToken(apiUrl(`/api/admin/chapters/${id}/audio`), await bearerToken()),
  dashboard: ({ signal }: Signal = {}) =>
    authRequest<ApiData<'/api/admin/dashboard', 'get'>>('GET', '/api/admin/dashboard', { signal }),
  /** Stored files with their uses: `q`, `kind` (audio, image), `used` (true, false), `sort`, paging. */
  files: (params: Params, { signal }: Signal = {}) =>
    authRequest<ApiData<'/api/admin/files', 'get'>>('GET', `/api/admin/files${query(params)}`, { signal }),
  file: (id: number, { signal }: Signal = {}) =>
    authRequest<ApiData<'/api/admin/files/{id}', 'get'>>('GET', `/api/admin/files/${id}`, { signal }),
  /** Deletes an unused file (409 `file_in_use`, with the server's words, when something uses it). */
  deleteFile: (id: number) =>
    authRequest<ApiData<'/api/admin/files/{id}', 'delete'>>('DELETE', `/api/admin/files/${id}`),
  /**
   * The address of a stored file's bytes for an `<audio>` or `<img>` element, with `token` (from
   * `bearerToken()`) in `?token=` as for a chapter's audio.
   */
  fileContentUrl: (id: number, token: string | null) => withToken(apiUrl(`/api/admin/files/${id}/content`), token),
  storage: ({ signal }: Signal = {}) =>
    authRequest<ApiData<'/api/admin/storage', 'get'>>('GET', '/api/admin/storage', { signal }),
  /** Lists the whole store against the files (may take a while on a large store). */
  checkStorage: () => authRequest<ApiData<'/api/admin/storage/check', 'post'>>('POST', '/api/admin/storage/check'),
  /** Removes the orphan objects older than an hour. */
  cleanStorage: () => authRequest<ApiData<'/api/admin/storage/clean', 'post'>>('POST', '/api/admin/storage/clean'),
  /** An upload as the server holds it: its state and, once complete, the stored file. */
  upload: (id: string) =>
    authRequest<ApiData<'/api/admin/uploads/{id}', 'get'>>('GET', `/api/admin/uploads/${encodeURIComponent(id)}`),
};
