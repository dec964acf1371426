// The site's public settings and the ads running now (`GET /api/site`, cached by the browser for a
// minute): asked once per visit, by the pages that need them (register, contact, ad slots), never
// by the first load.
import { queryOptions } from '@tanstack/react-query';
import type { ApiData } from '@/lib/api/types';
import { request } from '@/lib/http';

export const siteKey = ['site'] as const;

export const siteQuery = () =>
  queryOptions({
    queryKey: siteKey,
    queryFn: ({ signal }) => request<ApiData<'/api/site', 'get'>>('GET', '/api/site', { signal }),
    staleTime: 10 * 60_000,
  });
