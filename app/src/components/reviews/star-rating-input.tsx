// The listener's score as star radio buttons, one per score of core's scale: a native radio group (arrow keys move and
// choose, Tab leaves), each star named "N stars", each a 44 px target, the field's error under it.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from '@/components/form-field/form-field';
import { scale } from './stars';

const { minScore, maxScore } = scale;
const scores = Array.from({ length: maxScore - minScore + 1 }, (_, index) => minScore + index);

export function StarRatingInput({
  legend,
  value,
  onChange,
  error,
}: {
  legend: string;
  value: number | null;
  onChange: (score: number) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset
      className="star-input"
      role="radiogroup"
      aria-labelledby={`${id}-legend`}
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
      aria-required
    >
      <legend id={`${id}-legend`} className="field__label">
        {legend}
      </legend>
      <div className="star-input__stars">
        {scores.map((score) => (
          <label key={score} className="star-input__star">
            <input
              type="radio"
              className="visually-hidden"
              name={`${id}-score`}
              value={score}
              checked={value === score}
              onChange={() => onChange(score)}
            />
            <span
              className={value !== null && score <= value ? 'star-input__icon is-on' : 'star-input__icon'}
              aria-hidden="true"
            >
              ★
            </span>
            <span className="visually-hidden">{t('app.reviews.stars', { count: score })}</span>
          </label>
        ))}
      </div>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}
