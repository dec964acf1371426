// The data the two pages most visits start on ask for first, started at startup beside their
// modules (`./preload-page`): with the very query options their hooks use, so the pages find it.
import { catalogQueries } from '@/lib/queries/catalog';
import type { PagePrefetch } from './page-module';

/** Home: the popular shelf, the same for everyone; the sections below wait until they are near. */
export const prefetchHomePage: PagePrefetch = ({ queryClient, lang }) => {
  void queryClient.prefetchQuery(catalogQueries.homeShelf(lang, 'popular'));
};

/**
 * A book's page: the book and its first chapters, when it is known who asks (not while a stored
 * session is still being restored).
 */
export const prefetchBookDetailPage: PagePrefetch = ({ queryClient, params, viewer }) => {
  if (!viewer) return;
  const id = Number(params.id);
  void queryClient.prefetchQuery(catalogQueries.book(viewer, id));
  void queryClient.prefetchQuery(catalogQueries.bookChapters(viewer, id, 1));
};
