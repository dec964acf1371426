// The console's catalogue pages (books and categories), loaded together by the route table.
export { AdminBookCreatePage, AdminBookEditPage } from './book-form-pages';
export { AdminBooksPage, AdminCategoryBooksPage } from './book-list-pages';
export { AdminCategoryCreatePage, AdminCategoryEditPage } from './category-form-pages';
export { AdminCategoriesPage } from './category-list-page';
