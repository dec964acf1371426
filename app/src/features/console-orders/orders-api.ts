// The console's order and plan endpoints (manage:orders), one function each, answering what the
// contract says (`lib/api/types`); every call is made as the signed-in operator (`authRequest`).
import type { ApiData, PlanInput, RefundInput } from '@/lib/api/types';
import { query, type Params } from '@/lib/catalog-api';
import { authRequest } from '@/lib/http';

type Signal = { signal?: AbortSignal };

export const ordersApi = {
  /** Every order, newest first: `state` (pending, paid, failed, cancelled, refunded), paging; no events. */
  orders: (params: Params, { signal }: Signal = {}) =>
    authRequest<ApiData<'/api/admin/orders', 'get'>>('GET', `/api/admin/orders${query(params)}`, { signal }),
  /** One order with every transition, oldest first. */
  order: (id: number, { signal }: Signal = {}) =>
    authRequest<ApiData<'/api/admin/orders/{id}', 'get'>>('GET', `/api/admin/orders/${id}`, { signal }),
  /** Refunds a paid order and takes back what it granted (409 `invalid_transition` when it is not paid). */
  refund: (id: number, body: RefundInput) =>
    authRequest<ApiData<'/api/admin/orders/{id}/refund', 'post'>>('POST', `/api/admin/orders/${id}/refund`, {
      body,
    }),
  /** Every plan, on sale or not, with its three prices. */
  plans: ({ signal }: Signal = {}) =>
    authRequest<ApiData<'/api/admin/plans', 'get'>>('GET', '/api/admin/plans', { signal }),
  /** A plan's prices (minor units; absent or 0: not sold in that currency) and whether it is on sale. */
  updatePlan: (id: number, body: PlanInput) =>
    authRequest<ApiData<'/api/admin/plans/{id}', 'put'>>('PUT', `/api/admin/plans/${id}`, { body }),
};
