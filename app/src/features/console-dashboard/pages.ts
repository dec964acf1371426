// The console's first page (/admin), loaded by the route table.
export { AdminDashboardPage } from './dashboard-page';
