// A book in a list: cover, title, author, access badge (the listener's own access when they hold
// one), play count, the rating on rating shelves, and (for campaigns) the time left free.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { TextIn } from '@/components/text-in/text-in';
import type { BookSummary } from '@/lib/api/types';
import { campaignActive, clampRating, formatNumber } from '@/lib/core';
import { useLang } from '@/lib/lang';
import { useNearViewport } from '@/lib/use-near-viewport';
import { pathTo } from '@/lib/paths';
import { Countdown } from './countdown';
import './catalog.css';
import type { HeldAccess } from './held-access';
import { ACCESS_LABEL, HELD_LABEL } from './labels';

/**
 * The width each size of cover is drawn at (`catalog.css`; `lg` narrower on phones,
 * `features/catalog/catalog-pages.css`), for the browser to pick the smallest
 * of the server's sizes (`coverSrcset`) that is sharp there. `lg` is the book page's, which the
 * server preloads with the same `sizes` (`BOOK_COVER_SIZES` in `server/src/routes/page_meta.rs`).
 */
export const coverSizes = {
  sm: '48px',
  md: '(max-width: 420px) 50vw, 180px',
  lg: '(max-width: 600px) 160px, 220px',
} as const;

type CoverBook = Pick<BookSummary, 'coverUrl' | 'title'> & Partial<Pick<BookSummary, 'coverSrcset'>>;
type CoverSize = keyof typeof coverSizes;

/**
 * A book's cover. `priority`: a cover in the first screen (likely the page's largest paint) is
 * fetched at once and first, and drawn in the same frame as the page around it (decoded before
 * that frame, not after it). Every other one is asked for only once it comes near the screen
 * (`useNearViewport`; the browser's own lazy loading starts far earlier, beside the first screen's
 * downloads) and decoded off the main thread; until then its box holds the place.
 */
export function Cover({
  book,
  size = 'md',
  priority = false,
}: {
  book: CoverBook;
  size?: CoverSize;
  priority?: boolean;
}) {
  if (!book.coverUrl) {
    return (
      <span className={`cover cover--${size} cover--blank`} aria-hidden="true">
        {book.title.slice(0, 2)}
      </span>
    );
  }
  return priority ? <CoverImage book={book} size={size} priority /> : <CoverWhenNear book={book} size={size} />;
}

function CoverWhenNear({ book, size }: { book: CoverBook; size: CoverSize }) {
  const [ref, near] = useNearViewport<HTMLSpanElement>();
  return near ? (
    <CoverImage book={book} size={size} priority={false} />
  ) : (
    <span ref={ref} className={`cover cover--${size}`} aria-hidden="true" />
  );
}

function CoverImage({ book, size, priority }: { book: CoverBook; size: CoverSize; priority: boolean }) {
  return (
    <img
      className={`cover cover--${size}`}
      src={book.coverUrl ?? undefined}
      srcSet={book.coverSrcset ?? undefined}
      sizes={book.coverSrcset ? coverSizes[size] : undefined}
      alt=""
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding={priority ? 'sync' : 'async'}
    />
  );
}

/** Whether the book's limited-free campaign is running now (the core's `campaignActive`). */
export function freeNow(book: Pick<BookSummary, 'freeUntil'>): boolean {
  return book.freeUntil != null && campaignActive({ endsAt: book.freeUntil, nowMs: Date.now() });
}

/** `held`: the access the listener holds (core's decision), shown instead of the book's own. */
export function AccessBadge({
  book,
  held = null,
}: {
  book: Pick<BookSummary, 'access' | 'freeUntil'>;
  held?: HeldAccess | null;
}) {
  const { t } = useTranslation();
  if (held) return <span className={`badge badge--${held}`}>{HELD_LABEL[held](t)}</span>;
  if (freeNow(book)) return <span className="badge badge--campaign">{t('app.catalog.access.campaign')}</span>;
  return <span className={`badge badge--${book.access}`}>{ACCESS_LABEL[book.access](t)}</span>;
}

/**
 * `headingLevel`: the level of the card's title, one below the heading the list sits under (3 in
 * a section headed by an h2; 2 straight under the page's h1), so no level is skipped.
 */
export type CardHeadingLevel = 2 | 3;

export function BookCard({
  book,
  headingLevel = 3,
  priority = false,
  showRating = false,
  children,
}: {
  book: BookSummary;
  headingLevel?: CardHeadingLevel;
  /** The card is in the first screen: its cover is fetched at once (see `Cover`). */
  priority?: boolean;
  /** The card is in a list ordered by rating: its average rating is shown. */
  showRating?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const Title = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="book-card">
      <LocalizedLink to={pathTo('bookDetail', { id: book.id })} className="book-card__link">
        <Cover book={book} priority={priority} />
        <Title className="book-card__title">
          <TextIn lang={book.titleLang}>{book.title}</TextIn>
        </Title>
      </LocalizedLink>
      <p className="book-card__meta">{book.author && <TextIn lang={book.author.lang}>{book.author.name}</TextIn>}</p>
      <p className="book-card__meta book-card__stats">
        <AccessBadge book={book} />{' '}
        <span className="book-card__plays">
          {t('app.catalog.plays', { count: book.playCount, formatted: formatNumber({ value: book.playCount, lang }) })}
        </span>
        {showRating && (
          <span className="book-card__rating">
            {book.ratingCount === 0
              ? t('app.catalog.card.noRating')
              : t('app.catalog.card.rating', { rating: clampRating({ value: book.rating }).toFixed(1) })}
          </span>
        )}
      </p>
      {freeNow(book) && book.freeUntil != null ? (
        <p className="book-card__meta">
          <Countdown until={book.freeUntil} />
        </p>
      ) : null}
      {children}
    </article>
  );
}

/**
 * How many cards of a grid are in the first screen: two columns on a phone, all of one size, so
 * either cover may be the page's largest paint (the server preloads as many: `first_data.rs`).
 */
export const firstRow = 2;

/** A page with no intro line under its title (recommendations) shows two rows in its first screen. */
export const firstTwoRows = 2 * firstRow;

/** `priorityCount`: how many of the first cards are in the first screen (their covers fetched at once). */
export function BookGrid({
  books,
  label,
  headingLevel,
  priorityCount = 0,
  showRating = false,
}: {
  books: BookSummary[];
  label?: string;
  headingLevel?: CardHeadingLevel;
  priorityCount?: number;
  /** The list is ordered by rating: each card shows its book's average rating. */
  showRating?: boolean;
}) {
  return (
    <ul className="book-grid" aria-label={label}>
      {books.map((book, index) => (
        <li key={book.id}>
          <BookCard book={book} headingLevel={headingLevel} priority={index < priorityCount} showRating={showRating} />
        </li>
      ))}
    </ul>
  );
}
