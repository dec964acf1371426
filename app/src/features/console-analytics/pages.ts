// The console's "how it is going" pages (analytics, search analytics, reports with the feedback inbox), loaded together by the route table.
export { AdminAnalyticsPage } from './analytics-page';
export { AdminReportsPage } from './reports-page';
export { AdminSearchAnalyticsPage } from './search-analytics-page';
