// The book page's ratings section: the average and count (as the page's facts show them), the
// listener's own rating — a form fetched only once someone is signed in — or a way to sign in for
// a guest, and the public reviews.
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/async-state/async-state';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { useCurrentUser } from '@/features/auth/use-auth';
import type { BookDetail } from '@/lib/api/types';
import { clampRating, detourPath } from '@/lib/core';
import { useLang } from '@/lib/lang';
import { ReviewList } from './review-list';
import { Stars } from './stars';
import './reviews.css';

// The form and the pages' wasm rules it checks with are left out of a guest's book page.
const MyRatingForm = lazy(() => import('./my-rating-form').then((module) => ({ default: module.MyRatingForm })));

function RatingSummary({ book }: { book: Pick<BookDetail, 'rating' | 'ratingCount'> }) {
  const { t } = useTranslation();
  const rating = book.ratingCount === 0 ? null : clampRating({ value: book.rating });
  return (
    <p className="rating-summary">
      {rating !== null && <Stars score={rating} />}
      <span>
        {rating === null
          ? t('app.catalog.book.noRating')
          : t('app.catalog.book.ratingValue', { rating: rating.toFixed(1), count: book.ratingCount })}
      </span>
    </p>
  );
}

function SignInToRate() {
  const { t } = useTranslation();
  const { fullPath } = useLang();
  return (
    <p className="sign-in-prompt">
      <LocalizedLink to={detourPath({ path: fullPath, to: 'signIn' })}>{t('app.reviews.signInToRate')}</LocalizedLink>
    </p>
  );
}

export function BookRatings({ book }: { book: BookDetail }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const headingId = useId();
  return (
    <section className="book-ratings" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('app.reviews.heading')}</h2>
      <RatingSummary book={book} />
      {user ? (
        <Suspense fallback={<Skeleton count={1} variant="row" />}>
          <MyRatingForm key={`${user.id}-${book.id}`} bookId={book.id} userId={user.id} />
        </Suspense>
      ) : (
        <SignInToRate />
      )}
      <ReviewList bookId={book.id} />
    </section>
  );
}
