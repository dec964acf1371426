// The signed-in listener's own rating of a book: score (star radios), optional review with a live
// character count, save and remove. Checked by core's `validateReview` before sending; the
// server's 400 field errors shown by their fields. Loaded only for a signed-in listener: it brings
// the pages' wasm rules with it.
import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorState, Skeleton } from '@/components/async-state/async-state';
import { TextAreaField } from '@/components/form-field/form-field';
import { ConfirmButton } from '@/components/overlay/confirm-button';
import { useToast } from '@/components/toast/use-toast';
import type { MyRating } from '@/lib/api/types';
import { formatNumber } from '@/lib/core';
import { reviewLength, validateReview } from '@/lib/core-pages';
import { fieldMessages, serverFields, useDescribeFailure, type FieldMessages } from '@/lib/form-errors';
import { useLang } from '@/lib/lang';
import { ratingQueries, useRateBook, useUnrateBook } from '@/lib/queries/ratings';
import { StarRatingInput } from './star-rating-input';
import { scale } from './stars';

interface Props {
  bookId: number;
  userId: number;
}

function RatingEditor({ bookId, userId, mine }: Props & { mine: MyRating | null }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const { toast } = useToast();
  const describeFailure = useDescribeFailure();
  const headingId = useId();
  const rate = useRateBook(userId, bookId);
  const unrate = useUnrateBook(userId, bookId);
  const [score, setScore] = useState<number | null>(mine?.score ?? null);
  const [review, setReview] = useState(mine?.review ?? '');
  const [errors, setErrors] = useState<FieldMessages>({});
  const [failure, setFailure] = useState<string | null>(null);
  const busy = rate.isPending || unrate.isPending;
  // Characters as core's rule counts them (trimmed code points), against its limit.
  const typed = reviewLength({ review });

  const failed = (caught: unknown) => {
    setErrors(serverFields(caught));
    setFailure(describeFailure(caught));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const checked = validateReview({ score, review, lang });
    if (checked.kind === 'invalid') {
      setErrors(fieldMessages(checked.errors));
      return;
    }
    setErrors({});
    try {
      await rate.mutateAsync({ score: checked.review.score, review: checked.review.review });
      toast({ color: 'success', icon: 'success', title: t('app.reviews.mine.saved') });
    } catch (caught) {
      failed(caught);
    }
  };

  const onRemove = async () => {
    setFailure(null);
    try {
      await unrate.mutateAsync();
      toast({ color: 'success', icon: 'success', title: t('app.reviews.mine.removed') });
    } catch (caught) {
      failed(caught);
    }
  };

  return (
    <form className="my-rating" aria-labelledby={headingId} onSubmit={onSubmit} noValidate aria-busy={busy}>
      <h3 id={headingId}>{t('app.reviews.mine.heading')}</h3>
      {mine && <p className="my-rating__current">{t('app.reviews.mine.current', { count: mine.score })}</p>}
      {mine?.hidden && mine.review && (
        <p className="my-rating__hidden" role="note">
          {t('app.reviews.mine.hidden')}
        </p>
      )}
      <StarRatingInput
        legend={t('app.reviews.mine.score')}
        value={score}
        onChange={(next) => {
          setScore(next);
          setErrors(({ score: _fixed, ...rest }) => rest);
        }}
        error={errors.score}
      />
      <TextAreaField
        label={t('app.reviews.mine.review')}
        value={review}
        onValueChange={(next) => {
          setReview(next);
          setErrors(({ review: _fixed, ...rest }) => rest);
        }}
        error={errors.review}
        hint={t('app.reviews.mine.charCount', {
          count: typed,
          formatted: formatNumber({ value: typed, lang }),
          max: formatNumber({ value: scale.reviewMaxChars, lang }),
        })}
        rows={4}
      />
      {failure ? (
        <p className="my-rating__failure" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="my-rating__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {rate.isPending ? t('app.reviews.mine.saving') : t('app.reviews.mine.save')}
        </button>
        {mine && (
          <ConfirmButton
            label={t('app.reviews.mine.remove')}
            title={t('app.reviews.mine.confirmRemove')}
            disabled={busy}
            onConfirm={onRemove}
          />
        )}
      </div>
    </form>
  );
}

export function MyRatingForm({ bookId, userId }: Props) {
  const mine = useQuery(ratingQueries.mine(userId, bookId));
  if (mine.isPending) return <Skeleton count={1} variant="row" />;
  if (mine.isError) return <ErrorState quiet error={mine.error} onRetry={() => void mine.refetch()} />;
  const current = mine.data.mine ?? null;
  // A saved or removed rating starts the form over from the server's answer (the trimmed review).
  return <RatingEditor key={current?.updatedAt ?? 'none'} bookId={bookId} userId={userId} mine={current} />;
}
