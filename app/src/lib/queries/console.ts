// The console's catalogue: its queries (under `['console', …]`) and its writes. The console's
// answers carry every language at once, so their keys have no `lang`. Every write marks stale
// the console's answers and everything a listener page shows of the catalogue (`['catalog']`,
// and the viewer's books, chapters, recommendations and library lists), so pages open in the
// same tab show the change.
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
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
