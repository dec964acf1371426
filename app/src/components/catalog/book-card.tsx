// A book in a list: cover, title, author, access badge and (for campaigns) the time left free.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import type { BookSummary } from '@/lib/api/types';
import { campaignActive, formatNumber } from '@/lib/core';
import { useLang } from '@/lib/lang';
import { pathTo } from '@/lib/paths';
import { Countdown } from './countdown';
import './catalog.css';
import { ACCESS_LABEL } from './labels';

export function Cover({
  book,
  size = 'md',
}: {
  book: Pick<BookSummary, 'coverUrl' | 'title'>;
  size?: 'sm' | 'md' | 'lg';
}) {
  return book.coverUrl ? (
    <img className={`cover cover--${size}`} src={book.coverUrl} alt="" loading="lazy" />
  ) : (
    <span className={`cover cover--${size} cover--blank`} aria-hidden="true">
      {book.title.slice(0, 2)}
    </span>
  );
}

/** Whether the book's limited-free campaign is running now (the core's `campaignActive`). */
export function freeNow(book: Pick<BookSummary, 'freeUntil'>): boolean {
  return book.freeUntil != null && campaignActive({ endsAt: book.freeUntil, nowMs: Date.now() });
}

export function AccessBadge({ book }: { book: Pick<BookSummary, 'access' | 'freeUntil'> }) {
  const { t } = useTranslation();
  if (freeNow(book)) return <span className="badge badge--campaign">{t('app.catalog.access.campaign')}</span>;
  return <span className={`badge badge--${book.access}`}>{ACCESS_LABEL[book.access](t)}</span>;
}

export function BookCard({ book, children }: { book: BookSummary; children?: ReactNode }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  return (
    <article className="book-card">
      <LocalizedLink to={pathTo('bookDetail', { id: book.id })} className="book-card__link">
        <Cover book={book} />
        <h3 className="book-card__title">{book.title}</h3>
      </LocalizedLink>
      <p className="book-card__meta">{book.author?.name}</p>
      <p className="book-card__meta">
        <AccessBadge book={book} />{' '}
        <span>
          {t('app.catalog.plays', { count: book.playCount, formatted: formatNumber({ value: book.playCount, lang }) })}
        </span>
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

export function BookGrid({ books, label }: { books: BookSummary[]; label?: string }) {
  return (
    <ul className="book-grid" aria-label={label}>
      {books.map((book) => (
        <li key={book.id}>
          <BookCard book={book} />
        </li>
      ))}
    </ul>
  );
}
