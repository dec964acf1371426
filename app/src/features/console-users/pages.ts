// The console's user pages (the searchable user list and a user's page), loaded together by the route table.
export { AdminUsersPage } from './users-page';
export { AdminUserDetailPage } from './user-detail-page';
