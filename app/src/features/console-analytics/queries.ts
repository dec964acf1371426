// The analytics queries (under `['console', …]`, like the rest of the console) and the feedback
// answer, which puts the answered message in its lists at once and then asks them again (a status
// filter may drop it).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminFeedback } from '@/lib/api/types';
import { definedParams, type Params } from '@/lib/catalog-api';
import { analyticsApi, type Period } from './analytics-api';

const feedbackKey = ['console', 'feedback'] as const;

export const analyticsQueries = {
  overview: (period: Period) =>
    queryOptions({
      queryKey: ['console', 'analytics', period.from, period.to],
      queryFn: ({ signal }) => analyticsApi.overview(period, { signal }),
    }),
  searches: (period: Period) =>
    queryOptions({
      queryKey: ['console', 'search-analytics', period.from, period.to],
      queryFn: ({ signal }) => analyticsApi.searches(period, { signal }),
    }),
  visitors: (period: Period) =>
    queryOptions({
      queryKey: ['console', 'visitor-analytics', period.from, period.to],
      queryFn: ({ signal }) => analyticsApi.visitors(period, { signal }),
    }),
  report: (period: Period) =>
    queryOptions({
      queryKey: ['console', 'report', period.from, period.to],
      queryFn: ({ signal }) => analyticsApi.report(period, { signal }),
    }),
  feedback: (params: Params) =>
    queryOptions({
      queryKey: [...feedbackKey, definedParams(params)],
      queryFn: ({ signal }) => analyticsApi.feedback(params, { signal }),
    }),
};

/** Answers a listener's message; answers the message as stored. */
export function useReplyFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, message }: { id: number; message: string }) => analyticsApi.reply(id, { message }),
    onSuccess: (answered: AdminFeedback) => {
      queryClient.setQueriesData<{ items: AdminFeedback[] }>({ queryKey: feedbackKey }, (list) =>
        list ? { ...list, items: list.items.map((row) => (row.id === answered.id ? answered : row)) } : list,
      );
      void queryClient.invalidateQueries({ queryKey: feedbackKey });
    },
  });
}
