// Console answers for the tests of the order pages: orders with their history and membership
// plans, typed by the contract.
import type { AdminOrder, OrderEventView, PlanView } from '@/lib/api/types';
import { created, paidOrder } from '@/testing/order-fixtures';

const day = 86_400_000;

/** A paid monthly membership bought in CNY by `reader`, unless `patch` says otherwise. */
export function adminOrder(id: number, patch: Partial<AdminOrder> = {}): AdminOrder {
  return {
    ...paidOrder(id, { amount: 1990, provider: 'alipay', updatedAt: created + 60_000 }),
    userId: 11,
    username: 'reader',
    providerRef: `ALI-${id}`,
    grantAddedMs: 30 * day,
    events: [],
    ...patch,
  };
}

/** The history of an order created, then paid a minute later. */
export const paidEvents: OrderEventView[] = [
  { from: null, to: 'pending', cause: 'created', at: created },
  { from: 'pending', to: 'paid', cause: 'paid: notified by the provider', at: created + 60_000 },
];

export function planView(id: number, code: string, patch: Partial<PlanView> = {}): PlanView {
  return {
    id,
    code,
    months: 1,
    prices: { cny: 1990, usd: 499, jpy: 600 },
    currency: 'CNY',
    price: 1990,
    active: true,
    ...patch,
  };
}
