// The orders and plans queries (under `['console', …]`, like the rest of the console) and their
// writes: a refund puts the server's order in its detail and its list rows at once, then asks the
// lists again (a state filter may drop it); a saved plan replaces its card's answer and marks stale
// any listener-side answer about plans (its prices or sale changed).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrder, ApiData, PlanInput } from '@/lib/api/types';
import { definedParams, type Params } from '@/lib/catalog-api';
import { ordersApi } from './orders-api';

const ordersKey = ['console', 'orders'] as const;
const plansKey = ['console', 'plans'] as const;

type OrderList = ApiData<'/api/admin/orders', 'get'>;
type PlanList = ApiData<'/api/admin/plans', 'get'>;

export const orderQueries = {
  orders: (params: Params) =>
    queryOptions({
      queryKey: [...ordersKey, definedParams(params)],
      queryFn: ({ signal }) => ordersApi.orders(params, { signal }),
    }),
  order: (id: number) =>
    queryOptions({
      queryKey: ['console', 'order', id],
      queryFn: ({ signal }) => ordersApi.order(id, { signal }),
    }),
  plans: () =>
    queryOptions({
      queryKey: plansKey,
      queryFn: ({ signal }) => ordersApi.plans({ signal }),
    }),
};

/** Refunds a paid order; answers the order as the server now holds it (with its events). */
export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      ordersApi.refund(id, reason.trim() ? { reason: reason.trim() } : {}),
    onSuccess: (order: AdminOrder) => {
      queryClient.setQueryData(orderQueries.order(order.id).queryKey, order);
      queryClient.setQueriesData<OrderList>({ queryKey: ordersKey }, (list) =>
        list
          ? { ...list, items: list.items.map((row) => (row.id === order.id ? { ...order, events: [] } : row)) }
          : list,
      );
      void queryClient.invalidateQueries({ queryKey: ordersKey });
    },
    // Refused (say, no longer paid): the order and the lists are asked again to show its state.
    onError: (_error, { id }) => {
      void queryClient.invalidateQueries({ queryKey: orderQueries.order(id).queryKey });
      void queryClient.invalidateQueries({ queryKey: ordersKey });
    },
  });
}

/** Changes a plan's prices and sale state; answers the plan as saved. */
export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PlanInput }) => ordersApi.updatePlan(id, body),
    onSuccess: (plan) => {
      queryClient.setQueryData<PlanList>(plansKey, (list) =>
        list ? { ...list, items: list.items.map((item) => (item.id === plan.id ? plan : item)) } : list,
      );
      // The listener pages' plan answers (whatever their prefix) show the old prices until asked again.
      void queryClient.invalidateQueries({
        predicate: ({ queryKey }) => queryKey[0] !== 'console' && queryKey.includes('plans'),
      });
    },
  });
}
