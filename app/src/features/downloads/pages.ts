// The downloads pages, for the route table (`/downloads`, `/premium/downloads` and `/offline`).
export { DownloadsPage } from './downloads-page';
export { OfflinePage } from './offline-page';
