// A book's public reviews, newest first: reviewer (avatar or core's initials), stars, when, text;
// more on demand. The text is the listener's own, in a language nobody told us: no `lang` on it.
import { useCallback, useId, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Skeleton } from '@/components/async-state/async-state';
import { Avatar } from '@/features/auth/components/avatar';
import type { Review } from '@/lib/api/types';
import { formatRelativeTime } from '@/lib/core';
import { useLang } from '@/lib/lang';
import { ratingQueries } from '@/lib/queries/ratings';
import { useNearViewport } from '@/lib/use-near-viewport';
import { Stars } from './stars';

function ReviewItem({ review, focusRef }: { review: Review; focusRef?: (node: HTMLLIElement | null) => void }) {
  const { lang } = useLang();
  return (
    <li className="review" ref={focusRef} tabIndex={-1}>
      <div className="review__head">
        <span aria-hidden="true">
          <Avatar name={review.reviewer.name} url={review.reviewer.avatarUrl} alt="" small />
        </span>
        <span className="review__name">{review.reviewer.name}</span>
        <Stars score={review.score} labelled />
        <time className="review__time" dateTime={new Date(review.createdAt).toISOString()}>
          {formatRelativeTime({ timestampMs: review.createdAt, nowMs: Date.now(), lang })}
        </time>
      </div>
      <p className="review__text">{review.review}</p>
    </li>
  );
}

/** Each review once, though a review written between two pages may push one onto the next page. */
function uniqueReviews(pages: { items: Review[] }[]): Review[] {
  const byId = new Map<number, Review>();
  for (const review of pages.flatMap((page) => page.items)) if (!byId.has(review.id)) byId.set(review.id, review);
  return [...byId.values()];
}

export function ReviewList({ bookId }: { bookId: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  // Below the book's first screen: asked for when the listener scrolls towards it.
  const [sectionRef, near] = useNearViewport<HTMLElement>();
  const reviews = useInfiniteQuery({ ...ratingQueries.reviews(bookId), enabled: near });
  // After "more", focus moves to the first review it brought (the button may be gone): the
  // stable callback runs once, when that review first gets it.
  const [focusId, setFocusId] = useState<number | null>(null);
  const focusOnArrival = useCallback((node: HTMLLIElement | null) => node?.focus(), []);
  const items = reviews.data ? uniqueReviews(reviews.data.pages) : [];

  const more = async () => {
    const shown = items.length;
    const next = await reviews.fetchNextPage();
    if (next.data) setFocusId(uniqueReviews(next.data.pages)[shown]?.id ?? null);
  };

  return (
    <section ref={sectionRef} className="review-section" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('app.reviews.list.heading')}</h3>
      {reviews.isPending && <Skeleton count={3} variant="row" />}
      {reviews.isError && !reviews.isFetchNextPageError && (
        <ErrorState quiet error={reviews.error} onRetry={() => void reviews.refetch()} />
      )}
      {reviews.isSuccess &&
        (items.length === 0 ? (
          <EmptyState>{t('app.reviews.list.empty')}</EmptyState>
        ) : (
          <ol className="review-list">
            {items.map((review) => (
              <ReviewItem
                key={review.id}
                review={review}
                focusRef={review.id === focusId ? focusOnArrival : undefined}
              />
            ))}
          </ol>
        ))}
      {reviews.isFetchNextPageError && (
        <ErrorState quiet error={reviews.error} onRetry={() => void reviews.fetchNextPage()} />
      )}
      {reviews.hasNextPage && !reviews.isFetchNextPageError && (
        <button
          type="button"
          className="button review-section__more"
          disabled={reviews.isFetchingNextPage}
          onClick={() => void more()}
        >
          {reviews.isFetchingNextPage ? t('app.common.loading') : t('app.reviews.list.more')}
        </button>
      )}
    </section>
  );
}
