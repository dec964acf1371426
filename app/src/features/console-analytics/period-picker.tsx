// The period picker: two dates checked by core's `validateReportRange` before the address changes
// (a refusal is named next to its field), and quick choices of the last 7, 30, 90 and 365 days.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/form-field/form-field';
import { recentPeriod, validateReportRange } from '@/lib/core-pages';
import { fieldMessages, type FieldMessages } from '@/lib/form-errors';
import { useLang } from '@/lib/lang';
import type { Period } from './analytics-api';

const PRESETS = [7, 30, 90, 365] as const;

export function PeriodPicker({
  period,
  errors,
  onChoose,
}: {
  period: Period;
  /** Refusals of the period in the address. */
  errors: FieldMessages;
  onChoose: (period: Period) => void;
}) {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  const [draft, setDraft] = useState<Period>(period);
  const [refused, setRefused] = useState<FieldMessages>(errors);
  const [shown, setShown] = useState(period);
  if (shown.from !== period.from || shown.to !== period.to) {
    setShown(period);
    setDraft(period);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateReportRange({ ...draft, lang });
    if (checked.kind === 'invalid') {
      setRefused(fieldMessages(checked.errors));
      return;
    }
    setRefused({});
    onChoose(draft);
  };
  const field = (name: 'from' | 'to', label: string) => (
    <TextField
      type="date"
      label={label}
      value={draft[name]}
      error={refused[name]}
      onValueChange={(value) => setDraft({ ...draft, [name]: value })}
    />
  );

  return (
    <form className="period-picker" onSubmit={submit} aria-label={t('console.analytics.period.label')} noValidate>
      {field('from', t('console.analytics.period.from'))}
      {field('to', t('console.analytics.period.to'))}
      <button type="submit" className="button button--primary">
        {t('console.analytics.period.show')}
      </button>
      <div className="period-presets" role="group" aria-label={t('console.analytics.period.presets')}>
        {PRESETS.map((days) => (
          <button
            key={days}
            type="button"
            className="button button--ghost button--small"
            onClick={() => {
              setRefused({});
              onChoose(recentPeriod({ nowMs: Date.now(), days }));
            }}
          >
            {t('console.analytics.period.lastDays', { count: days })}
          </button>
        ))}
      </div>
    </form>
  );
}
