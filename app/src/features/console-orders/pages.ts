// The console's order pages (the orders with their history and refunds, and the membership plans), loaded together by the route table.
export { AdminOrdersPage } from './orders-page';
export { AdminPlansPage } from './plans-page';
