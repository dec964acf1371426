// The membership and payment endpoints (plans, orders, the caller's membership and renewal), one
// function each, answering what the contract says (`lib/api/types`), and the hand-off to checkout.
import type { ApiData, AutoRenew, CreateOrder } from '@/lib/api/types';
import { query, type Params } from '@/lib/catalog-api';
import { apiUrl, authRequest } from '@/lib/http';
import { leaveFor } from '@/lib/navigation/navigate-to';

type Signal = { signal?: AbortSignal };
const get = <T>(path: string, { signal }: Signal = {}) => authRequest<T>('GET', path, { signal });

export const shopApi = {
  /** The plans on sale, priced in the request language's currency (or `currency`). */
  plans: (params: Params = {}, o?: Signal) => get<ApiData<'/api/plans', 'get'>>(`/api/plans${query(params)}`, o),
  /** A pending order and its checkout; the same item asked for again while it waits answers that order. */
  createOrder: (body: CreateOrder) => authRequest<ApiData<'/api/orders', 'post'>>('POST', '/api/orders', { body }),
  order: (id: number, o?: Signal) => get<ApiData<'/api/orders/{id}', 'get'>>(`/api/orders/${id}`, o),
  cancelOrder: (id: number) =>
    authRequest<ApiData<'/api/orders/{id}/cancel', 'post'>>('POST', `/api/orders/${id}/cancel`),
  myOrders: (page: number, pageSize: number, o?: Signal) =>
    get<ApiData<'/api/me/orders', 'get'>>(`/api/me/orders${query({ page, pageSize })}`, o),
  membership: (o?: Signal) => get<ApiData<'/api/me/membership', 'get'>>('/api/me/membership', o),
  setAutoRenew: (body: AutoRenew) =>
    authRequest<ApiData<'/api/me/subscription', 'put'>>('PUT', '/api/me/subscription', { body }),
};

/**
 * Leaves the app for an order's hosted checkout (a page the server or the provider serves, so a
 * full navigation, never the router); a path is taken under the configured API base. Explicitly
 * external, so core's `safeExternalUrl` decides (spec §2).
 */
export function goToCheckout(checkoutUrl: string): Promise<void> {
  return leaveFor(apiUrl(checkoutUrl));
}
