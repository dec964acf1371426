// The site's public settings and the ads running now (`GET /api/site`, cached by the browser for a
// minute): asked once per visit, by the pages that need them (register, contact, ad slots), never
// by the first load.
import { queryOptions } from '@tanstack/react-query';
import type { ApiData } from '@/lib/api/types';
import { request } from '@/lib/http';
import { rememberSiteDefaultLanguage } from '@/lib/language-preference';

export const siteKey = ['site'] as const;

export const siteQuery = () =>
  queryOptions({
    queryKey: siteKey,
    queryFn: async ({ signal }) => {
      const site = await request<ApiData<'/api/site', 'get'>>('GET', '/api/site', { signal });
      // Where the bare `/` sends a visitor who states no language of ours (`localeRedirect`).
      rememberSiteDefaultLanguage(site.defaultLanguage);
      return site;
    },
    staleTime: 10 * 60_000,
  });
