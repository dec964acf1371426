// The texts of a user's own values (type, status, membership, the list's sorts), one literal key each.
import type { TFunction } from 'i18next';
import type { PremiumKind } from '@/lib/api/types';
import type { Label } from '@/lib/i18n';

export const TYPE_LABEL = {
  admin: (t) => t('console.users.types.admin'),
  user: (t) => t('console.users.types.user'),
} satisfies Record<string, Label>;

export const STATUS_LABEL = {
  active: (t) => t('console.users.statuses.active'),
  disabled: (t) => t('console.users.statuses.disabled'),
} satisfies Record<string, Label>;

/** The list's membership filter (core's premium rule, applied by the server). */
export const MEMBERSHIP_FILTER_LABEL = {
  free: (t) => t('console.users.memberships.free'),
  premium: (t) => t('console.users.memberships.premium'),
  expired: (t) => t('console.users.memberships.expired'),
} satisfies Record<string, Label>;

/** A user's membership now, as core's `premiumStatus` judged it on the server. */
export const MEMBERSHIP_LABEL = {
  guest: (t) => t('console.users.memberships.free'),
  free: (t) => t('console.users.memberships.free'),
  member: (t) => t('console.users.memberships.premium'),
  lifetime: (t) => t('console.users.memberships.lifetime'),
  expired: (t) => t('console.users.memberships.expired'),
  unknown: (t) => t('console.users.memberships.unknown'),
} satisfies Record<PremiumKind, Label>;

export const MEMBERSHIP_BADGE = {
  guest: 'console-badge--off',
  free: 'console-badge--off',
  member: 'console-badge--on',
  lifetime: 'console-badge--on',
  expired: 'console-badge--warn',
  unknown: 'console-badge--warn',
} satisfies Record<PremiumKind, string>;

export const SORT_LABEL = {
  created: (t) => t('console.users.sorts.created'),
  lastLogin: (t) => t('console.users.sorts.lastLogin'),
  name: (t) => t('console.users.sorts.name'),
} satisfies Record<string, Label>;

export const ORDER_LABEL = {
  desc: (t) => t('console.users.directions.desc'),
  asc: (t) => t('console.users.directions.asc'),
} satisfies Record<string, Label>;

/** How long a membership grant lasts. */
export const TERM_LABEL = {
  plan: (t) => t('console.users.membership.terms.plan'),
  until: (t) => t('console.users.membership.terms.until'),
  lifetime: (t) => t('console.users.membership.terms.lifetime'),
} satisfies Record<string, Label>;

/** A plan's name from its code (the orders pages' names). */
export const PLAN_LABEL = {
  monthly: (t) => t('console.orders.planNames.monthly'),
  quarterly: (t) => t('console.orders.planNames.quarterly'),
  yearly: (t) => t('console.orders.planNames.yearly'),
  lifetime: (t) => t('console.orders.planNames.lifetime'),
} satisfies Record<string, Label>;

/** An order's state (the orders pages' words). */
export const ORDER_STATE_LABEL = {
  pending: (t) => t('console.orders.states.pending'),
  paid: (t) => t('console.orders.states.paid'),
  failed: (t) => t('console.orders.states.failed'),
  cancelled: (t) => t('console.orders.states.cancelled'),
  refunded: (t) => t('console.orders.states.refunded'),
} satisfies Record<string, Label>;

/** A stored value's text, or the value itself when the app does not know it. */
export function labelOf(labels: Record<string, Label>, value: string, t: TFunction): string {
  return Object.hasOwn(labels, value) ? labels[value](t) : value;
}
