// The catalogue's pages, for the route table.
export { CatalogHomePage } from './home-page';
export { BooksPage } from './books-page';
export { BookDetailPage } from './book-detail-page';
export { ChapterPage } from './chapter-page';
export { CategoriesPage, LimitedFreePage, RecommendationsPage } from './other-pages';
