// The console's "what happened" pages (the audit log, the access log, security), loaded together by the route table.
export { AdminAccessLogsPage } from './access-page';
export { AdminLogsPage } from './audit-page';
export { AdminSecurityPage } from './security-page';
