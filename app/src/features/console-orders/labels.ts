// The texts of an order's own values (state, kind, the plan it bought) and each state's badge, one
// literal key each; a plan code the app does not know is shown as the server wrote it.
import type { TFunction } from 'i18next';
import type { OrderKind, OrderState } from '@/lib/api/types';
import type { Label } from '@/lib/i18n';
import { boughtTitle, type OrderItem } from '@/lib/order-item';

export const STATE_LABEL = {
  pending: (t) => t('console.orders.states.pending'),
  paid: (t) => t('console.orders.states.paid'),
  failed: (t) => t('console.orders.states.failed'),
  cancelled: (t) => t('console.orders.states.cancelled'),
  refunded: (t) => t('console.orders.states.refunded'),
} satisfies Record<OrderState, Label>;

/** Each state's badge: paid is good news, pending waits, a failed one wants a look, the rest are closed. */
export const STATE_BADGE = {
  pending: 'console-badge--warn',
  paid: 'console-badge--on',
  failed: 'order-badge--failed',
  cancelled: 'console-badge--off',
  refunded: 'console-badge--off',
} satisfies Record<OrderState, string>;

export const KIND_LABEL = {
  plan: (t) => t('console.orders.kinds.plan'),
  book: (t) => t('console.orders.kinds.book'),
  chapter: (t) => t('console.orders.kinds.chapter'),
} satisfies Record<OrderKind, Label>;

const PLAN_LABEL = {
  monthly: (t) => t('console.orders.planNames.monthly'),
  quarterly: (t) => t('console.orders.planNames.quarterly'),
  yearly: (t) => t('console.orders.planNames.yearly'),
  lifetime: (t) => t('console.orders.planNames.lifetime'),
} satisfies Record<string, Label>;

/** A plan's name from its code. */
export function planName(code: string, t: TFunction): string {
  return Object.hasOwn(PLAN_LABEL, code) ? PLAN_LABEL[code as keyof typeof PLAN_LABEL](t) : code;
}

/** What an order bought: a plan's name, else the book (or "book · chapter") in the page's language. */
export function orderItem(order: OrderItem, t: TFunction): string {
  return order.kind === 'plan' ? planName(order.title, t) : boughtTitle(order);
}
