// Console answers for the tests of the order pages: orders with their history and membership
// plans, typed by the contract.
import type { AdminOrder, OrderEventView, PlanView } from '@/lib/api/types';

const day = 86_400_000;
/** 2024-05-20 12:00 in Shanghai: long enough ago that core writes the date and time. */
export const created = Date.UTC(2024, 4, 20, 4);

/** A paid monthly membership bought in CNY by `reader`, unless `patch` says otherwise. */
export function adminOrder(id: number, patch: Partial<AdminOrder> = {}): AdminOrder {
  return {
    id,
    kind: 'plan',
    title: 'monthly',
    planId: 1,
    bookId: null,
    chapterId: null,
    currency: 'CNY',
    amount: 1990,
    state: 'paid',
    provider: 'alipay',
    checkoutUrl: null,
    redirect: null,
    autoRenew: false,
    createdAt: created,
    paidAt: created + 60_000,
    expiresAt: created + 30 * 60_000,
    updatedAt: created + 60_000,
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
