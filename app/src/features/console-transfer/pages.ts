// The console's import and export pages, loaded together by the route table.
export { AdminExportPage } from './export-page';
export { AdminDataImportPage } from './import-page';
