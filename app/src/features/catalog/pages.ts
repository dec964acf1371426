// The catalogue's pages the route table loads together (home and a book's page load on their own).
export { BooksPage } from './books-page';
export { ChapterPage } from './chapter-page';
export { CategoriesPage, LimitedFreePage, RecommendationsPage } from './other-pages';
