// The console's chapter pages (a book's chapters, the chapter form, batch upload, listening
// figures, chapters across books) and its upload page, loaded together by the route table.
export { AdminBookChapterAnalyticsPage } from './analytics-page';
export { AdminBookChapterBatchCreatePage } from './batch-create-page';
export { AdminBookChapterCreatePage, AdminBookChapterEditPage, AdminChapterEditPage } from './chapter-form-pages';
export { AdminBookChaptersPage } from './chapter-list-page';
export { AdminChaptersPage } from './chapters-page';
export { AdminUploadPage } from './upload-page';
