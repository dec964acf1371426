// The data the pages visits start on ask for first (home, a book, the book list, the categories,
// limited-free, recommendations), started at startup beside their modules (`./preload-page`):
// with the very query options their hooks use, so the pages find it. When the server sent that
// data in the page (`server/src/routes/first_data.rs`: what a guest's requests would answer, in
// the page's language), it is put in the cache instead of asked for.
import type { FirstData } from '@/lib/api/types';
import type { Lang } from '@/lib/core';
import { catalogQueries } from '@/lib/queries/catalog';
import type { PagePrefetch } from './page-module';

/** The `id` of the JSON script element the server sends the data in. */
const elementId = 'first-data';

/**
 * The data the server sent in the page, if it is in `lang`; taken once (the element goes), so it
 * never stands in for a later answer. Unreadable data counts as none: the page asks the API.
 */
export function takeFirstData(lang: Lang): FirstData | null {
  const element = document.getElementById(elementId);
  if (!element) return null;
  element.remove();
  try {
    const data = JSON.parse(element.textContent ?? '') as FirstData;
    return data.lang === lang ? data : null;
  } catch {
    return null;
  }
}

/** Home: the popular shelf, the same for everyone; the sections below wait until they are near. */
export const prefetchHomePage: PagePrefetch = ({ queryClient, lang }) => {
  const shelf = catalogQueries.homeShelf(lang, 'popular');
  const sent = takeFirstData(lang)?.popular;
  if (sent) queryClient.setQueryData(shelf.queryKey, sent);
  else void queryClient.prefetchQuery(shelf);
};

/**
 * A book's page: the book and its first chapters, when it is known who asks (not while a stored
 * session is still being restored). What the server sent is a guest's view: a signed-in
 * listener's own state on the book is asked for.
 */
export const prefetchBookDetailPage: PagePrefetch = ({ queryClient, params, viewer }) => {
  if (!viewer) return;
  const id = Number(params.id);
  const book = catalogQueries.book(viewer, id);
  const chapters = catalogQueries.bookChapters(viewer, id, 1);
  const sent = viewer.userId === null ? takeFirstData(viewer.lang) : null;
  if (sent?.book?.id === id && sent.chapters) {
    queryClient.setQueryData(book.queryKey, sent.book);
    queryClient.setQueryData(chapters.queryKey, sent.chapters);
    return;
  }
  void queryClient.prefetchQuery(book);
  void queryClient.prefetchQuery(chapters);
};

/**
 * The book list: its first page as the server sends it, for `/books` with nothing in its query
 * (the server reads no filter from the address; the app's reading of them decides the rest).
 */
export const prefetchBooksPage: PagePrefetch = ({ queryClient, lang, search }) => {
  if (search !== '') return;
  const books = catalogQueries.booksPage(lang, {}, 1);
  const sent = takeFirstData(lang)?.books;
  if (sent) queryClient.setQueryData(books.queryKey, sent);
  else void queryClient.prefetchQuery(books);
};

/** The categories, the same for everyone. */
export const prefetchCategoriesPage: PagePrefetch = ({ queryClient, lang }) => {
  const categories = catalogQueries.categories(lang);
  const sent = takeFirstData(lang)?.categories;
  if (sent) queryClient.setQueryData(categories.queryKey, sent);
  else void queryClient.prefetchQuery(categories);
};

/** The books free now, the same for everyone. */
export const prefetchLimitedFreePage: PagePrefetch = ({ queryClient, lang }) => {
  const books = catalogQueries.limitedFree(lang);
  const sent = takeFirstData(lang)?.limitedFree;
  if (sent) queryClient.setQueryData(books.queryKey, sent);
  else void queryClient.prefetchQuery(books);
};

/** Recommendations: per listener, so what the server sent (a guest's) serves only a guest. */
export const prefetchRecommendationsPage: PagePrefetch = ({ queryClient, viewer }) => {
  if (!viewer) return;
  const recommendations = catalogQueries.recommendations(viewer);
  const sent = viewer.userId === null ? takeFirstData(viewer.lang)?.recommendations : null;
  if (sent) queryClient.setQueryData(recommendations.queryKey, sent);
  else void queryClient.prefetchQuery(recommendations);
};
