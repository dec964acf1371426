// The texts of a chapter's own values (published, how it is heard) and its three prices, each with
// the language whose currency it is; one literal key each.
import type { AdminChapter, ChapterBook } from '@/lib/api/types';
import { currencyForLang, formatCurrency, type Lang } from '@/lib/core';
import { chapterAccess } from '@/lib/core-pages';
import type { Label } from '@/lib/i18n';

export const PUBLISHED_LABEL = {
  true: (t) => t('console.chapters.published.true'),
  false: (t) => t('console.chapters.published.false'),
} satisfies Record<'true' | 'false', Label>;

type BookAccess = ChapterBook['access'];

/** How a chapter is heard: free, or as its book is (VIP or paid). */
export const ACCESS_LABEL = {
  free: (t) => t('console.chapters.free'),
  vip: (t) => t('console.chapters.vip'),
  paid: (t) => t('console.chapters.paid'),
} satisfies Record<BookAccess, Label>;

/**
 * How a listener without membership or purchase meets the chapter, as core's `chapterAccess`
 * decides it for the listener pages (a free chapter, or any chapter of a free book, is free);
 * otherwise the book's access. Campaigns are not shown: they end by themselves.
 */
export function chapterAccessOf(book: Pick<ChapterBook, 'access'>, chapter: Pick<AdminChapter, 'isFree'>): BookAccess {
  const decided = chapterAccess({ bookAccess: book.access, chapterIsFree: chapter.isFree, nowMs: 0, user: null });
  return decided.kind === 'free' ? 'free' : book.access;
}

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
