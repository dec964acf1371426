// Membership and payments: the plans (public, by language), the caller's orders, one order and the
// membership (under the viewer's key), the writes to them, and what a finished payment makes stale.
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CreateOrder } from '@/lib/api/types';
import type { Lang } from '@/lib/core';
import { shopApi } from '@/lib/shop-api';
import { viewerKey, type Viewer } from './viewer';

const ordersKey = (userId: number | null) => [...viewerKey(userId), 'orders'] as const;
const membershipKey = (userId: number | null) => [...viewerKey(userId), 'membership'] as const;

export const shopQueries = {
  /** Plans priced in the language's currency (the server picks it from the request's language). */
  plans: (lang: Lang) =>
    queryOptions({
      queryKey: ['shop', 'plans', { lang }],
      queryFn: ({ signal }) => shopApi.plans({}, { signal }),
    }),
  orders: ({ lang, userId }: Viewer, page: number, pageSize: number) =>
    queryOptions({
      queryKey: [...ordersKey(userId), { lang, page, pageSize }],
      queryFn: ({ signal }) => shopApi.myOrders(page, pageSize, { signal }),
    }),
  /** One order as it is now: the payment pages ask again until it is final, so never fresh. */
  order: ({ lang, userId }: Viewer, id: number) =>
    queryOptions({
      queryKey: [...viewerKey(userId), 'order', id, { lang }],
      queryFn: ({ signal }) => shopApi.order(id, { signal }),
      staleTime: 0,
    }),
  membership: ({ lang, userId }: Viewer) =>
    queryOptions({
      queryKey: [...membershipKey(userId), { lang }],
      queryFn: ({ signal }) => shopApi.membership({ signal }),
    }),
};

/**
 * A payment went through: what the buyer may hear (the catalogue's access, the viewer's books and
 * chapters), their orders and their membership are all asked again.
 */
export function purchaseCompleted(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([['catalog'], ['viewer']].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** Opens an order (or gets back the pending one for the same item); the order lists are stale. */
export function useCreateOrder(userId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOrder) => shopApi.createOrder(body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ordersKey(userId) }),
  });
}

/** Cancels a pending order; the order lists and that order are stale. */
export function useCancelOrder(userId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => shopApi.cancelOrder(id),
    onSuccess: (order) =>
      void Promise.all(
        [ordersKey(userId), [...viewerKey(userId), 'order', order.id]].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

/** Turns auto-renewal on or off; the answer is the membership as it now stands. */
export function useSetAutoRenew(viewer: Viewer) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (autoRenew: boolean) => shopApi.setAutoRenew({ autoRenew }),
    onSuccess: (membership) => queryClient.setQueryData(shopQueries.membership(viewer).queryKey, membership),
  });
}
