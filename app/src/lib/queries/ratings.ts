// A book's ratings: the listener's own rating (under the viewer's key), the public reviews (pages
// of `reviewsPageSize`, newest first), and the writes to the own rating, whose answer carries the
// book's new average straight into the cached book.
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { ApiData, BookDetail, RatingInput, RatingSaved } from '@/lib/api/types';
import { query } from '@/lib/catalog-api';
import { authRequest } from '@/lib/http';
import { viewerKey } from './viewer';

/** Reviews asked per page (the server's default). */
export const reviewsPageSize = 10;

type Signal = { signal?: AbortSignal };
const ratingPath = (bookId: number) => `/api/books/${bookId}/rating`;

export const ratingsApi = {
  mine: (bookId: number, { signal }: Signal = {}) =>
    authRequest<ApiData<'/api/books/{id}/rating', 'get'>>('GET', ratingPath(bookId), { signal }),
  rate: (bookId: number, body: RatingInput) =>
    authRequest<ApiData<'/api/books/{id}/rating', 'put'>>('PUT', ratingPath(bookId), { body }),
  unrate: (bookId: number) => authRequest<ApiData<'/api/books/{id}/rating', 'delete'>>('DELETE', ratingPath(bookId)),
  reviews: (bookId: number, page: number, pageSize: number, { signal }: Signal = {}) =>
    authRequest<ApiData<'/api/books/{id}/reviews', 'get'>>(
      'GET',
      `/api/books/${bookId}/reviews${query({ page, pageSize })}`,
      { signal },
    ),
};

const reviewsKey = (bookId: number) => ['reviews', bookId] as const;

export const ratingQueries = {
  /** The listener's own rating of the book (`mine` null when they have not rated it). */
  mine: (userId: number | null, bookId: number) =>
    queryOptions({
      queryKey: [...viewerKey(userId), 'rating', bookId],
      queryFn: ({ signal }) => ratingsApi.mine(bookId, { signal }),
    }),
  /** The book's public reviews, the same for every viewer. */
  reviews: (bookId: number) =>
    infiniteQueryOptions({
      queryKey: [...reviewsKey(bookId), { pageSize: reviewsPageSize }],
      queryFn: ({ pageParam, signal }) => ratingsApi.reviews(bookId, pageParam, reviewsPageSize, { signal }),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    }),
};

/**
 * The own rating changed: it and the cached book (in every language) take the answer at once;
 * the reviews are asked again, and the lists (which show each book's rating) when next shown.
 */
function ratingChanged(queryClient: QueryClient, userId: number | null, bookId: number, saved: RatingSaved) {
  queryClient.setQueryData(ratingQueries.mine(userId, bookId).queryKey, { mine: saved.mine ?? null });
  queryClient.setQueriesData<BookDetail>({ queryKey: [...viewerKey(userId), 'book', bookId] }, (book) =>
    book ? { ...book, rating: saved.book.rating, ratingCount: saved.book.ratingCount } : book,
  );
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: reviewsKey(bookId) }),
    queryClient.invalidateQueries({ queryKey: ['catalog'], refetchType: 'none' }),
    queryClient.invalidateQueries({ queryKey: ['people'], refetchType: 'none' }),
  ]);
}

/** Gives or changes the listener's rating of a book. */
export function useRateBook(userId: number | null, bookId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RatingInput) => ratingsApi.rate(bookId, body),
    onSuccess: (saved) => void ratingChanged(queryClient, userId, bookId, saved),
  });
}

/** Takes the listener's rating of a book back. */
export function useUnrateBook(userId: number | null, bookId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => ratingsApi.unrate(bookId),
    onSuccess: (saved) => void ratingChanged(queryClient, userId, bookId, saved),
  });
}
