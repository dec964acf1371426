// The console's catalogue, files, storage and dashboard: their queries (under `['console', …]`)
// and their writes. The console's answers carry every language at once, so their keys have no
// `lang`. Every catalogue write marks stale the console's answers and everything a listener page
// shows of the catalogue (`['catalog']`, and the viewer's books, chapters, recommendations and
// library lists), so pages open in the same tab show the change.
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { BookInput, BulkAction, CategoryInput, ChapterBulk, ChapterInput } from '@/lib/api/types';
import { definedParams, type Params } from '@/lib/catalog-api';
import { consoleApi } from '@/lib/console-api';

const consoleKey = ['console'] as const;

export const consoleQueries = {
  books: (params: Params) =>
    queryOptions({
      queryKey: [...consoleKey, 'books', definedParams(params)],
      queryFn: ({ signal }) => consoleApi.books(params, { signal }),
    }),
  book: (id: number) =>
    queryOptions({
      queryKey: [...consoleKey, 'book', id],
      queryFn: ({ signal }) => consoleApi.book(id, { signal }),
    }),
  categories: () =>
    queryOptions({
      queryKey: [...consoleKey, 'categories'],
      queryFn: ({ signal }) => consoleApi.categories({ signal }),
    }),
  /** Every chapter of a book, published or not, in order. */
  bookChapters: (bookId: number) =>
    queryOptions({
      queryKey: [...consoleKey, 'book', bookId, 'chapters'],
      queryFn: ({ signal }) => consoleApi.bookChapters(bookId, { signal }),
    }),
  chapterFigures: (bookId: number) =>
    queryOptions({
      queryKey: [...consoleKey, 'book', bookId, 'figures'],
      queryFn: ({ signal }) => consoleApi.chapterFigures(bookId, { signal }),
    }),
  chapters: (params: Params) =>
    queryOptions({
      queryKey: [...consoleKey, 'chapters', definedParams(params)],
      queryFn: ({ signal }) => consoleApi.chapters(params, { signal }),
    }),
  chapter: (id: number) =>
    queryOptions({
      queryKey: [...consoleKey, 'chapter', id],
      queryFn: ({ signal }) => consoleApi.chapter(id, { signal }),
    }),
  dashboard: () =>
    queryOptions({
      queryKey: [...consoleKey, 'dashboard'],
      queryFn: ({ signal }) => consoleApi.dashboard({ signal }),
    }),
  /** Stored files with their uses (a new upload or a deletion marks every list stale). */
  files: (params: Params) =>
    queryOptions({
      queryKey: [...consoleKey, 'files', definedParams(params)],
      queryFn: ({ signal }) => consoleApi.files(params, { signal }),
    }),
  storage: () =>
    queryOptions({
      queryKey: [...consoleKey, 'storage'],
      queryFn: ({ signal }) => consoleApi.storage({ signal }),
    }),
};

/** The catalogue changed: the console's answers and every public one that may show it. */
export function catalogueChanged(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [consoleKey, ['catalog'], ['viewer']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

function useCatalogueWrite<Input, Output>(write: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => void catalogueChanged(queryClient),
  });
}

/** Creates a book (unpublished) or, with `id`, changes one. */
export const useSaveBook = () =>
  useCatalogueWrite(({ id, body }: { id?: number; body: BookInput }) =>
    id === undefined ? consoleApi.createBook(body) : consoleApi.updateBook(id, body),
  );

export const useDeleteBook = () => useCatalogueWrite((id: number) => consoleApi.deleteBook(id));

/** Publishes, unpublishes or deletes books; answers how many changed. */
export const useBulkBooks = () =>
  useCatalogueWrite(({ action, ids }: { action: BulkAction; ids: number[] }) => consoleApi.bulkBooks({ action, ids }));

/** Creates a category or, with `id`, changes one. */
export const useSaveCategory = () =>
  useCatalogueWrite(({ id, body }: { id?: number; body: CategoryInput }) =>
    id === undefined ? consoleApi.createCategory(body) : consoleApi.updateCategory(id, body),
  );

export const useDeleteCategory = () =>
  useCatalogueWrite(({ id, moveTo }: { id: number; moveTo?: number }) => consoleApi.deleteCategory(id, moveTo));

/** Appends a chapter to a book or, with `id`, changes one (a new `assetId` replaces its audio). */
export const useSaveChapter = () =>
  useCatalogueWrite((input: { bookId: number; body: ChapterInput } | { id: number; body: ChapterInput }) =>
    'id' in input ? consoleApi.updateChapter(input.id, input.body) : consoleApi.createChapter(input.bookId, input.body),
  );

/** Appends chapters to a book in the order given, all or none. */
export const useBatchCreateChapters = () =>
  useCatalogueWrite(({ bookId, chapters }: { bookId: number; chapters: ChapterInput[] }) =>
    consoleApi.batchCreateChapters(bookId, chapters),
  );

/** Makes a book's chosen chapters free or VIP, publishes, unpublishes, prices or deletes them. */
export const useBulkChapters = () =>
  useCatalogueWrite(({ bookId, ...body }: ChapterBulk & { bookId: number }) => consoleApi.bulkChapters(bookId, body));

export const useDeleteChapter = () => useCatalogueWrite((id: number) => consoleApi.deleteChapter(id));

/**
 * Puts a book's chapters in a new order: the list shows it at once, and gets its old order
 * back when the server refuses (the caller says why).
 */
export function useReorderChapters(bookId: number) {
  const queryClient = useQueryClient();
  const { queryKey } = consoleQueries.bookChapters(bookId);
  return useMutation({
    // One order at a time: moves made quickly one after another reach the server in turn.
    scope: { id: `console-reorder-${bookId}` },
    mutationFn: (chapterIds: number[]) => consoleApi.reorderChapters(bookId, chapterIds),
    onMutate: async (chapterIds) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData(queryKey);
      if (before) {
        const byId = new Map(before.chapters.map((chapter) => [chapter.id, chapter]));
        const chapters = chapterIds.flatMap((id) => byId.get(id) ?? []);
        queryClient.setQueryData(queryKey, { ...before, chapters });
      }
      return { before };
    },
    onError: (_error, _chapterIds, context) => {
      if (context?.before) queryClient.setQueryData(queryKey, context.before);
    },
    onSuccess: (list) => {
      queryClient.setQueryData(queryKey, list);
      void catalogueChanged(queryClient);
    },
  });
}

/** Makes a book's cover from an uploaded image, or removes it (`assetId: null`); answers the book. */
export function useSetBookCover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, assetId }: { id: number; assetId: number | null }) => consoleApi.setBookCover(id, { assetId }),
    onSuccess: (book) => {
      queryClient.setQueryData(consoleQueries.book(book.id).queryKey, book);
      void catalogueChanged(queryClient);
    },
  });
}

/** Deletes an unused stored file (a used one is refused with 409 `file_in_use`). */
export const useDeleteFile = () => useCatalogueWrite((id: number) => consoleApi.deleteFile(id));

/** A file was stored: the file lists, the dashboard and the storage figures are stale. */
export function useFilesChanged(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    for (const part of ['files', 'dashboard', 'storage']) {
      void queryClient.invalidateQueries({ queryKey: [...consoleKey, part] });
    }
  }, [queryClient]);
}

/** Compares the whole store with the files (orphan and missing objects); nothing changes. */
export const useCheckStorage = () => useMutation({ mutationFn: () => consoleApi.checkStorage() });

/** Removes the orphan objects older than an hour; the storage figures and the dashboard are stale. */
export function useCleanStorage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => consoleApi.cleanStorage(),
    onSuccess: () => {
      for (const part of ['storage', 'dashboard']) {
        void queryClient.invalidateQueries({ queryKey: [...consoleKey, part] });
      }
    },
  });
}
