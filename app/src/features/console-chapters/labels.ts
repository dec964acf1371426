// The texts of a chapter's own values (published, free or VIP) and its three prices, each with
// the language whose currency it is; one literal key each.
import type { AdminChapter } from '@/lib/api/types';
import { currencyForLang, formatCurrency, type Lang } from '@/lib/core';
import type { Label } from '@/lib/i18n';

export const PUBLISHED_LABEL = {
  true: (t) => t('console.chapters.published.true'),
  false: (t) => t('console.chapters.published.false'),
} satisfies Record<'true' | 'false', Label>;

export const FREE_LABEL = {
  true: (t) => t('console.chapters.free'),
  false: (t) => t('console.chapters.vip'),
} satisfies Record<'true' | 'false', Label>;

export type PriceKey = 'priceCny' | 'priceUsd' | 'priceJpy';

/** Each price with the language whose currency it is (zh → CNY, en → USD, ja → JPY). */
export const PRICES: { key: PriceKey; lang: Lang; label: Label }[] = [
  { key: 'priceCny', lang: 'zh', label: (t) => t('console.chapterForm.priceCny') },
  { key: 'priceUsd', lang: 'en', label: (t) => t('console.chapterForm.priceUsd') },
  { key: 'priceJpy', lang: 'ja', label: (t) => t('console.chapterForm.priceJpy') },
];

/** The price field of each currency. */
const PRICE_OF = { CNY: 'priceCny', USD: 'priceUsd', JPY: 'priceJpy' } satisfies Record<
  ReturnType<typeof currencyForLang>,
  PriceKey
>;

/** The chapter's own price in the page language's currency (core's choice and formatting); null without one. */
export function chapterPrice(chapter: Pick<AdminChapter, PriceKey>, lang: Lang): string | null {
  const amount = chapter[PRICE_OF[currencyForLang({ lang })]];
  return amount == null ? null : formatCurrency({ amountMinor: amount, lang });
}

/** A typed number as core's rules read it: blank is absent; anything else is handed over as a number. */
export function typedNumber(text: string): number | null {
  return text.trim() === '' ? null : Number(text.trim());
}
