// The listener's library: the bookshelf, favourites and history queries (all under the viewer's
// key), the writes to them, and which cached answers each write makes stale; a favourite the server
// took is noted as a favourite event (`lib/behavior-events`).
import { queryOptions, useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { noteEvent } from '@/lib/behavior-events';
import { libraryApi } from '@/lib/catalog-api';
import { viewerKey, type Viewer } from './viewer';

export type Shelf = 'bookshelf' | 'favorites';

const libraryKey = (userId: number | null) => [...viewerKey(userId), 'library'] as const;

export const libraryQueries = {
  shelf: ({ lang, userId }: Viewer, shelf: Shelf) =>
    queryOptions({
      queryKey: [...libraryKey(userId), shelf, { lang }],
      queryFn: ({ signal }) =>
        shelf === 'bookshelf' ? libraryApi.bookshelf({ signal }) : libraryApi.favorites({ signal }),
    }),
  history: ({ lang, userId }: Viewer, page: number) =>
    queryOptions({
      queryKey: [...libraryKey(userId), 'history', { lang, page }],
      queryFn: ({ signal }) => libraryApi.history(page, { signal }),
    }),
};

/** A book went onto or off a shelf: that shelf, the book's `me`, and (favourites) the recommendations. */
function shelfChanged(queryClient: QueryClient, userId: number | null, shelf: Shelf, bookId: number) {
  const stale: QueryKey[] = [
    [...libraryKey(userId), shelf],
    [...viewerKey(userId), 'book', bookId],
  ];
  // Recommendations are drawn from what the listener heard and favourited.
  if (shelf === 'favorites') stale.push([...viewerKey(userId), 'recommendations']);
  return Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** History cleared: the library lists (their progress), each book's "continue", the recommendations. */
function historyCleared(queryClient: QueryClient, userId: number | null) {
  const stale: QueryKey[] = [
    libraryKey(userId),
    [...viewerKey(userId), 'book'],
    [...viewerKey(userId), 'recommendations'],
  ];
  return Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/**
 * The player saved a position. Anything made for this user may show progress (library lists, a
 * book's "continue", chapter markers, recommendations), so all of it is asked again when next
 * shown. Only a finished chapter re-asks what is on screen now: the saves every 10 s of playing
 * would otherwise re-ask an open page just as often.
 */
export function progressSaved(queryClient: QueryClient, userId: number | null, finished: boolean): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: viewerKey(userId), refetchType: finished ? 'active' : 'none' });
}

/** Puts a book onto, or takes it off, the bookshelf or the favourites. */
export function useShelfMutation(userId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ shelf, bookId, on }: { shelf: Shelf; bookId: number; on: boolean }) => {
      await (shelf === 'bookshelf' ? libraryApi.setBookshelf(bookId, on) : libraryApi.setFavorite(bookId, on));
    },
    onSuccess: (_nothing, { shelf, bookId, on }) => {
      if (shelf === 'favorites') noteEvent({ kind: 'favorite', bookId, action: on ? 'add' : 'remove' });
      void shelfChanged(queryClient, userId, shelf, bookId);
    },
  });
}

/** Clears one book's history, or (no `bookId`) all of it. */
export function useClearHistory(userId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookId }: { bookId?: number }) => libraryApi.clearHistory(bookId),
    onSuccess: () => void historyCleared(queryClient, userId),
  });
}
