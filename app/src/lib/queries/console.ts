// The console's catalogue: its queries (under `['console', …]`) and its writes. The console's
// answers carry every language at once, so their keys have no `lang`. Every write marks stale
// the console's answers and everything a listener page shows of the catalogue (`['catalog']`,
// and the viewer's books, chapters, recommendations and library lists), so pages open in the
// same tab show the change.
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { BookInput, BulkAction, CategoryInput } from '@/lib/api/types';
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
