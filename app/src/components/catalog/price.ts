// A book's price in the current language's currency, formatted by core.
import type { BookSummary } from '@/lib/api/types';
import { currencyForLang, formatCurrency, type Lang } from '@/lib/core';

export function bookPrice(book: Pick<BookSummary, 'price'>, lang: Lang): string | null {
  if (!book.price) return null;
  const currency = currencyForLang({ lang });
  const amountMinor = currency === 'USD' ? book.price.usd : currency === 'JPY' ? book.price.jpy : book.price.cny;
  return formatCurrency({ amountMinor, lang });
}
