// Five stars filled up to a score (a listener's whole score, or an average already clamped by core's
// `clampRating`). Labelled, it is an image named by the score; else it decorates a text saying it.
import { useTranslation } from 'react-i18next';

/** Stars drawn for a score: the rating scale of core's `clampRating` (max 5, spec §9). */
export const starCount = 5;

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
