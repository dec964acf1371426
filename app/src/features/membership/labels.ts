// The texts of the shop's own values (plan codes, order kinds and states), one literal key each.
import type { TFunction } from 'i18next';
import type { OrderKind, OrderState } from '@/lib/api/types';
import type { Label } from '@/lib/i18n';
import { boughtTitle, type OrderItem } from '@/lib/order-item';

export const PLAN_NAME = {
  monthly: (t) => t('shop.plans.names.monthly'),
  quarterly: (t) => t('shop.plans.names.quarterly'),
  yearly: (t) => t('shop.plans.names.yearly'),
  lifetime: (t) => t('shop.plans.names.lifetime'),
} satisfies Record<string, Label>;

/** A plan's name by its code (the server sends no names); an unknown code as written. */
export function planName(code: string, t: TFunction): string {
  return code in PLAN_NAME ? PLAN_NAME[code as keyof typeof PLAN_NAME](t) : code;
}

export const ORDER_KIND = {
  plan: (t) => t('shop.orders.kinds.plan'),
  book: (t) => t('shop.orders.kinds.book'),
  chapter: (t) => t('shop.orders.kinds.chapter'),
} satisfies Record<OrderKind, Label>;

export const ORDER_STATE = {
  pending: (t) => t('shop.orders.states.pending'),
  paid: (t) => t('shop.orders.states.paid'),
  failed: (t) => t('shop.orders.states.failed'),
  cancelled: (t) => t('shop.orders.states.cancelled'),
  refunded: (t) => t('shop.orders.states.refunded'),
} satisfies Record<OrderState, Label>;

export type { OrderItem };

/**
 * What an order buys, as a buyer reads it (in labels): a plan by its translated name, a book or
 * chapter by the titles the server answers in the page's language, else the title recorded when ordered.
 */
export function orderTitle(order: OrderItem, t: TFunction): string {
  return order.kind === 'plan' ? planName(order.title, t) : boughtTitle(order);
}
