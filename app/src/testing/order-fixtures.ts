// Orders as the server answers them, typed by the contract: shared by the tests of the listener's
// payment pages and of the console's order pages.
import type { OrderView } from '@/lib/api/types';

/** 2024-05-20 12:00 in Shanghai: long enough ago that core writes the date and time. */
export const created = Date.UTC(2024, 4, 20, 4);

export function order(id: number, patch: Partial<OrderView> = {}): OrderView {
  return {
    id,
    kind: 'plan',
    title: 'monthly',
    planId: 1,
    bookId: null,
    chapterId: null,
    currency: 'CNY',
    amount: 1800,
    state: 'pending',
    provider: 'sandbox',
    checkoutUrl: `/api/payments/sandbox/checkout/session-${id}`,
    redirect: null,
    autoRenew: false,
    createdAt: created,
    paidAt: null,
    expiresAt: created + 30 * 60_000,
    updatedAt: created,
    confirming: false,
    ...patch,
  };
}

/** A paid order as the server answers it (no checkout any more). */
export const paidOrder = (id: number, patch: Partial<OrderView> = {}) =>
  order(id, { state: 'paid', checkoutUrl: null, paidAt: created + 60_000, ...patch });
