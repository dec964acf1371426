// Prices in the current language's currency (core's `currencyForLang`), formatted by core.
import type { BookSummary, Currency, Price } from '@/lib/api/types';
import { currencyForLang, formatCurrency, type Lang } from '@/lib/core';

/** A price's amount in one currency (minor units); null when it is not sold in that currency. */
export function amountIn(price: Price, currency: Currency): number | null {
  const amount = currency === 'USD' ? price.usd : currency === 'JPY' ? price.jpy : price.cny;
  return amount ?? null;
}

export function bookPrice(book: Pick<BookSummary, 'price'>, lang: Lang): string | null {
  if (!book.price) return null;
  return formatCurrency({ amountMinor: amountIn(book.price, currencyForLang({ lang })), lang });
}

/** A book's or a chapter's price in the language's currency; null when it is not sold in it. */
export function localPrice(price: Price | null | undefined, lang: Lang): string | null {
  if (!price) return null;
  const currency = currencyForLang({ lang });
  const amountMinor = amountIn(price, currency);
  return amountMinor === null ? null : formatCurrency({ amountMinor, lang, currency });
}
