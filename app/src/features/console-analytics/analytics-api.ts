// The console's analytics endpoints (view:analytics; the report and feedback: manage:system), one
// function each, answering what the contract says; every call is made as the signed-in operator.
import type { ApiData, FeedbackReplyInput } from '@/lib/api/types';
import { query, type Params } from '@/lib/catalog-api';
import { apiUrl, authRequest, bearerToken, pageLanguageHeaders } from '@/lib/http';

type Signal = { signal?: AbortSignal };
/** A period as the address and the API write it (`YYYY-MM-DD`, UTC days, both included). */
export type Period = { from: string; to: string };

export const analyticsApi = {
  /** Totals and daily series of a period and the one before it, revenue, top content. */
  overview: (period: Period, { signal }: Signal = {}) =>
    authRequest<ApiData<'/api/admin/analytics', 'get'>>('GET', `/api/admin/analytics${query(period)}`, { signal }),
  /** Top queries, queries that found nothing, searches per day. */
  searches: (period: Period, { signal }: Signal = {}) =>
    authRequest<ApiData<'/api/admin/search-analytics', 'get'>>('GET', `/api/admin/search-analytics${query(period)}`, {
      signal,
    }),
  /** Visitors, page views and events of a period and the one before it, per day, top pages and sources. */
  visitors: (period: Period, { signal }: Signal = {}) =>
    authRequest<ApiData<'/api/admin/visitor-analytics', 'get'>>('GET', `/api/admin/visitor-analytics${query(period)}`, {
      signal,
    }),
  /** The period report as JSON. */
  report: (period: Period, { signal }: Signal = {}) =>
    authRequest<ApiData<'/api/admin/reports', 'get'>>('GET', `/api/admin/reports${query(period)}`, { signal }),
  /** Listeners' feedback, newest first: `status` (open, answered), `category`, paging. */
  feedback: (params: Params, { signal }: Signal = {}) =>
    authRequest<ApiData<'/api/admin/feedback', 'get'>>('GET', `/api/admin/feedback${query(params)}`, { signal }),
  /** Answers a message (stored with who and when; a second answer replaces the first). */
  reply: (id: number, body: FeedbackReplyInput) =>
    authRequest<ApiData<'/api/admin/feedback/{id}/reply', 'post'>>('POST', `/api/admin/feedback/${id}/reply`, {
      body,
    }),
};

/** The report as the server writes it in CSV, with the file name it gives (the request needs the token). */
export async function downloadReportCsv(period: Period): Promise<{ blob: Blob; name: string }> {
  const token = await bearerToken();
  const response = await fetch(apiUrl(`/api/admin/reports${query({ ...period, format: 'csv' })}`), {
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...pageLanguageHeaders() },
  });
  if (!response.ok) throw new Error(String(response.status));
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'tingshu-report.csv';
  return { blob: await response.blob(), name };
}
