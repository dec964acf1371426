// Shop answers for the tests of the membership and payment pages, typed by the contract, and a
// stand-in for the full navigation to a checkout.
import type { Currency, MembershipView, PlanView } from '@/lib/api/types';

const prices = {
  monthly: { cny: 1800, usd: 299, jpy: 380 },
  quarterly: { cny: 4800, usd: 799, jpy: 980 },
  yearly: { cny: 16800, usd: 2699, jpy: 3400 },
  lifetime: { cny: 49800, usd: 7999, jpy: 9800 },
} as const;
const months = { monthly: 1, quarterly: 3, yearly: 12, lifetime: null } as const;
const ids = { monthly: 1, quarterly: 2, yearly: 3, lifetime: 4 } as const;

type Code = keyof typeof prices;

/** A plan on sale, priced in `currency` (the server's choice for the request's language). */
export function plan(code: Code, currency: Currency = 'CNY', patch: Partial<PlanView> = {}): PlanView {
  const all = prices[code];
  const price = currency === 'USD' ? all.usd : currency === 'JPY' ? all.jpy : all.cny;
  return { id: ids[code], code, months: months[code], prices: { ...all }, currency, price, active: true, ...patch };
}

export const allPlans = (currency: Currency = 'CNY') =>
  (['monthly', 'quarterly', 'yearly', 'lifetime'] as const).map((code) => plan(code, currency));

export function membership(patch: Partial<MembershipView> = {}): MembershipView {
  return {
    status: { kind: 'free', text: '免费用户' },
    subscriptionType: 'free',
    subscriptionExpiresAt: null,
    isPremium: false,
    plan: null,
    autoRenew: false,
    history: [],
    ...patch,
  };
}

/** Replaces `window.location` with one whose `assign` is recorded (the checkout is a full navigation). */
export function stubCheckoutNavigation() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}
