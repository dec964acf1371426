// The pages of the people behind books, for the route table.
export { AuthorPage, NarratorPage } from './person-page';
