// The console's "what happened" endpoints (manage:system), one function each, answering what the
// contract says (`lib/api/types`); every call is made as the signed-in operator (`authRequest`).
import type { ApiData } from '@/lib/api/types';
import type { operations } from '@/lib/api/schema';
import { query, type Params } from '@/lib/catalog-api';
import { authRequest } from '@/lib/http';

type Signal = { signal?: AbortSignal };

export type AuditPage = ApiData<'/api/admin/logs', 'get'>;
export type AuditEntry = AuditPage['items'][number];
export type AccessPage = ApiData<'/api/admin/access-logs', 'get'>;
export type AccessEntry = AccessPage['items'][number];
export type DailyPage = ApiData<'/api/admin/access-logs/daily', 'get'>;
export type DailyEntry = DailyPage['items'][number];
export type EventPage = ApiData<'/api/admin/security/events', 'get'>;
export type SecurityEvent = EventPage['items'][number];
export type ThrottleList = ApiData<'/api/admin/security/throttles', 'get'>;
export type Throttle = ThrottleList['items'][number];
export type RevokedPage = ApiData<'/api/admin/security/revoked-sessions', 'get'>;
export type RevokedSession = RevokedPage['items'][number];
export type AntiCrawlerOverview = ApiData<'/api/admin/anti-crawler', 'get'>;
export type CrawlerReport = AntiCrawlerOverview['reports'][number];
/** The detections a report can be of (the contract's `type` filter). */
export type CrawlerReportType = NonNullable<NonNullable<operations['overview']['parameters']['query']>['type']>;

export const logsApi = {
  /** The audit log, newest first: `actor`, `entity`, `action`, `from`/`to` (ms), `cursor`, `limit`. */
  audit: (params: Params, { signal }: Signal = {}) =>
    authRequest<AuditPage>('GET', `/api/admin/logs${query(params)}`, { signal }),
  /** Requests, newest first: `user`, `ip`, `method`, `route`, `status` (404 or 5xx), `from`/`to`, `cursor`. */
  access: (params: Params, { signal }: Signal = {}) =>
    authRequest<AccessPage>('GET', `/api/admin/access-logs${query(params)}`, { signal }),
  /** Requests per UTC day, method and route, of the days rolled up by the retention. */
  daily: (params: Params, { signal }: Signal = {}) =>
    authRequest<DailyPage>('GET', `/api/admin/access-logs/daily${query(params)}`, { signal }),
  /** Sign-in and token events, newest first: `kind`, `page`. */
  events: (params: Params, { signal }: Signal = {}) =>
    authRequest<EventPage>('GET', `/api/admin/security/events${query(params)}`, { signal }),
  /** Accounts and names the sign-in throttle holds back now. */
  throttles: ({ signal }: Signal = {}) => authRequest<ThrottleList>('GET', '/api/admin/security/throttles', { signal }),
  /** Clears a throttle (404 when nothing counts under the key any more). */
  clearThrottle: (key: string) =>
    authRequest<ApiData<'/api/admin/security/throttles/{key}', 'delete'>>(
      'DELETE',
      `/api/admin/security/throttles/${encodeURIComponent(key)}`,
    ),
  /** Sessions revoked for a replayed refresh token, the latest first. */
  revoked: (params: Params, { signal }: Signal = {}) =>
    authRequest<RevokedPage>('GET', `/api/admin/security/revoked-sessions${query(params)}`, { signal }),
  /** The anti-crawler's difficulty now and its latest reports, newest first: `type`, `limit` (1 to 200). */
  antiCrawler: (params: Params, { signal }: Signal = {}) =>
    authRequest<AntiCrawlerOverview>('GET', `/api/admin/anti-crawler${query(params)}`, { signal }),
};
