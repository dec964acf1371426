// The downloads pages, for the route table (`/downloads` and `/premium/downloads`).
export { DownloadsPage } from './downloads-page';
