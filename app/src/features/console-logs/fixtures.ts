// Log rows as the server answers them, for the log pages' tests.
import type {
  AccessEntry,
  AntiCrawlerOverview,
  AuditEntry,
  CrawlerReport,
  DailyEntry,
  RevokedSession,
  SecurityEvent,
  Throttle,
} from './logs-api';

export const auditEntry = (id: number, over: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  actorId: 3,
  actorName: 'ana',
  action: 'book.update',
  entity: 'book',
  entityId: '12',
  before: { title: '三体', price: 100 },
  after: { title: '三体 II', price: 100 },
  changed: ['title'],
  ip: '10.0.0.1',
  createdAt: Date.UTC(2024, 4, 20, 4),
  ...over,
});

export const accessEntry = (id: number, over: Partial<AccessEntry> = {}): AccessEntry => ({
  id,
  createdAt: Date.UTC(2024, 4, 20, 4),
  userId: 12,
  username: 'alice',
  ip: '10.0.0.9',
  method: 'GET',
  route: '/api/books/{id}',
  status: 200,
  latencyMs: 7,
  bytes: 2048,
  ...over,
});

export const dailyEntry = (over: Partial<DailyEntry> = {}): DailyEntry => ({
  day: '2024-04-01',
  method: 'GET',
  route: '/api/books',
  requests: 1200,
  clientErrors: 3,
  serverErrors: 1,
  meanLatencyMs: 9,
  bytes: 1_048_576,
  ...over,
});

export const throttle = (over: Partial<Throttle> = {}): Throttle => ({
  key: 'user:12',
  userId: 12,
  account: 'alice',
  failures: 9,
  lastFailureAt: Date.UTC(2024, 4, 20, 4),
  retryAfterSecs: 840,
  locked: true,
  ...over,
});

export const revokedSession = (over: Partial<RevokedSession> = {}): RevokedSession => ({
  sessionId: 'sess-1',
  userId: 12,
  username: 'alice',
  ip: '10.0.0.9',
  device: 'Firefox 128 · Linux',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  createdAt: Date.UTC(2024, 4, 19),
  revokedAt: Date.UTC(2024, 4, 20),
  ...over,
});

export const securityEvent = (id: number, over: Partial<SecurityEvent> = {}): SecurityEvent => ({
  id,
  kind: 'login_failed',
  userId: 12,
  account: 'alice',
  ip: '10.0.0.9',
  userAgent: 'Firefox',
  createdAt: Date.UTC(2024, 4, 20, 4),
  ...over,
});

export const crawlerReport = (id: number, over: Partial<CrawlerReport> = {}): CrawlerReport => ({
  id,
  type: 'devtools',
  visitorId: '0b7e1f52-7c4e-4d0c-9a55-2f1f6c1e8a01',
  visitor: '5d41402abc4b2a76',
  reportedAt: Date.UTC(2024, 4, 20, 4),
  receivedAt: Date.UTC(2024, 4, 20, 4, 0, 1),
  // The contract types `details` as an empty object (`Record<string, never>`): any JSON object comes.
  details: { outerWidth: 1600, innerWidth: 1200 } as unknown as CrawlerReport['details'],
  ...over,
});

export const antiCrawlerOverview = (
  reports: CrawlerReport[],
  over: Partial<AntiCrawlerOverview> = {},
): AntiCrawlerOverview => ({
  baseDifficulty: 4,
  maxDifficulty: 12,
  siteDifficulty: 7,
  refusalsLastMinute: 38,
  reportsDropped: 0,
  reports,
  ...over,
});
