// The console's file pages (the file browser, the media library and storage), loaded together by the route table.
export { AdminFilesPage } from './files-page';
export { AdminResourcesPage } from './resources-page';
export { AdminStoragePage } from './storage-page';
