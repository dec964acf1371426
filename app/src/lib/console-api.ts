// The console's catalogue endpoints (permission manage:books), one function each, answering what
// the contract says (`lib/api/types`). Every call is made as the signed-in editor (`authRequest`).
import type { ApiData, BookInput, BulkRequest, CategoryInput } from '@/lib/api/types';
import { query, type Params } from '@/lib/catalog-api';
import { authRequest } from '@/lib/http';

type Signal = { signal?: AbortSignal };

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
};
