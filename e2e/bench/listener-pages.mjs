// The listener's page families, one address each, as the benchmarks open them: home, the book
// list, a book, a chapter, a search, the categories, limited-free, recommendations, a static page
// and the sign-in page. Shared by the first-paint bench and Lighthouse, so both cover the same pages.

/** The demo book the pages open (id 3, the most played), its first chapter and a word of its title to search for. */
export async function demoBook(server, bookId = 3) {
  const book = await server.api(`/api/books/${bookId}`);
  const [chapter] = (await server.api(`/api/books/${bookId}/chapters`)).items;
  if (!chapter) throw new Error(`the demo book ${bookId} has no chapter`);
  return { id: book.id, chapterId: chapter.id, query: book.title.slice(-3) };
}

/** Every family's address in `lang` (unprefixed for zh, the default language). */
export function listenerPages(lang, { id, chapterId, query }) {
  const prefix = lang === 'zh' ? '' : `/${lang}`;
  return [
    { name: 'home', path: prefix || '/' },
    { name: 'books', path: `${prefix}/books` },
    { name: 'book', path: `${prefix}/books/${id}` },
    { name: 'chapter', path: `${prefix}/books/${id}/chapters/${chapterId}` },
    { name: 'search', path: `${prefix}/search?q=${encodeURIComponent(query)}` },
    { name: 'categories', path: `${prefix}/categories` },
    { name: 'limited-free', path: `${prefix}/limited-free` },
    { name: 'recommendations', path: `${prefix}/recommendations` },
    { name: 'about', path: `${prefix}/about` },
    { name: 'sign-in', path: `${prefix}/auth/login` },
  ];
}
