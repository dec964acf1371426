// The log queries (under `['console', …]`, like the rest of the console) and the one write: a
// cleared throttle leaves the list at once, then the throttles, events and audit log are asked again.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { definedParams, type Params } from '@/lib/catalog-api';
import { logsApi, type ThrottleList } from './logs-api';

const throttlesKey = ['console', 'security', 'throttles'] as const;

export const logQueries = {
  audit: (params: Params) =>
    queryOptions({
      queryKey: ['console', 'audit-log', definedParams(params)],
      queryFn: ({ signal }) => logsApi.audit(params, { signal }),
    }),
  access: (params: Params) =>
    queryOptions({
      queryKey: ['console', 'access-log', definedParams(params)],
      queryFn: ({ signal }) => logsApi.access(params, { signal }),
    }),
  daily: (params: Params) =>
    queryOptions({
      queryKey: ['console', 'access-log-daily', definedParams(params)],
      queryFn: ({ signal }) => logsApi.daily(params, { signal }),
    }),
  events: (params: Params) =>
    queryOptions({
      queryKey: ['console', 'security', 'events', definedParams(params)],
      queryFn: ({ signal }) => logsApi.events(params, { signal }),
    }),
  throttles: () =>
    queryOptions({
      queryKey: throttlesKey,
      queryFn: ({ signal }) => logsApi.throttles({ signal }),
    }),
  revoked: (params: Params) =>
    queryOptions({
      queryKey: ['console', 'security', 'revoked', definedParams(params)],
      queryFn: ({ signal }) => logsApi.revoked(params, { signal }),
    }),
  antiCrawler: (params: Params) =>
    queryOptions({
      queryKey: ['console', 'security', 'anti-crawler', definedParams(params)],
      queryFn: ({ signal }) => logsApi.antiCrawler(params, { signal }),
    }),
};

/** Clears a throttle by its key. */
export function useClearThrottle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => logsApi.clearThrottle(key),
    onSettled: (_data, _error, key) => {
      queryClient.setQueryData<ThrottleList>(throttlesKey, (list) =>
        list ? { ...list, items: list.items.filter((item) => item.key !== key) } : list,
      );
      void queryClient.invalidateQueries({ queryKey: ['console', 'security'] });
      void queryClient.invalidateQueries({ queryKey: ['console', 'audit-log'] });
    },
  });
}
