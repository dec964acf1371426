// Stars filled up to a score (a listener's whole score, or an average already clamped by core's
// `clampRating`). Labelled, it is an image named by the score; else it decorates a text saying it.
import { useTranslation } from 'react-i18next';
import { ratingScale } from '@/lib/core';

/** Core's rating scale (spec §9): the scores a listener gives and the room a review has. */
export const scale = ratingScale({});
/** Stars drawn for a score: one per point of the scale. */
const starCount = scale.maxScore;

export function Stars({ score, labelled = false }: { score: number; labelled?: boolean }) {
  const { t } = useTranslation();
  const filled = `${(score / starCount) * 100}%`;
  const row = '★'.repeat(starCount);
  return (
    <span
      className="stars"
      role={labelled ? 'img' : undefined}
      aria-label={labelled ? t('app.reviews.stars', { count: score }) : undefined}
      aria-hidden={labelled ? undefined : true}
    >
      <span className="stars__empty">{row}</span>
      <span className="stars__filled" style={{ width: filled }}>
        {row}
      </span>
    </span>
  );
}
