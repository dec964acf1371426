// Prices typed in major units (yuan, dollars, yen) and sent in minor units: core's `minorUnits`
// reads each typed price with its currency's decimals, `majorUnits` shows a stored one for typing.
import type { FieldError, Lang } from '@/lib/core';
import { majorUnits, minorUnits } from '@/lib/core-pages';

export type PriceKey = 'priceCny' | 'priceUsd' | 'priceJpy';
type Currency = Parameters<typeof majorUnits>[0]['currency'];

/** Each price field's currency. */
export const PRICE_CURRENCY = { priceCny: 'CNY', priceUsd: 'USD', priceJpy: 'JPY' } satisfies Record<
  PriceKey,
  Currency
>;

/** A stored price (minor units) as its field shows it; empty when there is none. */
export function priceText(key: PriceKey, minor: number | null | undefined): string {
  return majorUnits({ minor: minor ?? null, currency: PRICE_CURRENCY[key] });
}

/** One typed price in minor units: null when blank or not an amount of its currency. */
export function typedPrice(key: PriceKey, text: string, lang: Lang): number | null {
  const read = minorUnits({ text, currency: PRICE_CURRENCY[key], lang });
  return read.kind === 'amount' ? read.minor : null;
}

/** The typed prices in minor units, and core's refusal of each one that is not an amount of its currency. */
export function typedPrices(
  form: Record<PriceKey, string>,
  lang: Lang,
): { prices: Record<PriceKey, number | null>; errors: FieldError[] } {
  const prices: Record<PriceKey, number | null> = { priceCny: null, priceUsd: null, priceJpy: null };
  const errors: FieldError[] = [];
  for (const key of Object.keys(PRICE_CURRENCY) as PriceKey[]) {
    const read = minorUnits({ text: form[key], currency: PRICE_CURRENCY[key], lang });
    if (read.kind === 'amount') prices[key] = read.minor;
    if (read.kind === 'invalid') errors.push({ field: key, message: read.message, ...read.rule });
  }
  return { prices, errors };
}

/** A form rule's answer with the price refusals added (each replacing the rule's own for that field). */
export function withPriceErrors<Checked extends { kind: string }>(
  checked: Checked,
  errors: FieldError[],
): Checked | { kind: 'invalid'; errors: FieldError[] } {
  if (errors.length === 0) return checked;
  const others =
    'errors' in checked ? (checked.errors as FieldError[]).filter((e) => !errors.some((p) => p.field === e.field)) : [];
  return { kind: 'invalid', errors: [...others, ...errors] };
}
