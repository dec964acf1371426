// A log page's filters: text, date and choice fields edited as a draft and applied together (the
// button, or Enter), so typing a name does not ask the server at each key; "clear" empties them.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

export type FilterField =
  | { key: string; label: string; kind: 'text'; placeholder?: string }
  | { key: string; label: string; kind: 'date' }
  | { key: string; label: string; kind: 'choice'; options: [string, string][] };

export function FilterForm({
  label,
  fields,
  values,
  onApply,
}: {
  label: string;
  fields: FilterField[];
  values: Record<string, string>;
  onApply: (values: Record<string, string>) => void;
}) {
  const { t } = useTranslation('console');
  const id = useId();
  const [draft, setDraft] = useState(values);
  // The address changed by other means (back button, a link): show its filters.
  const shown = fields.map((field) => values[field.key] ?? '').join('\u0000');
  useEffect(() => setDraft(values), [shown]); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed: Record<string, string> = {};
    for (const field of fields) trimmed[field.key] = (draft[field.key] ?? '').trim();
    onApply(trimmed);
  };
  const clear = () => {
    const empty: Record<string, string> = {};
    for (const field of fields) empty[field.key] = '';
    setDraft(empty);
    onApply(empty);
  };
  const set = (key: string, value: string) => setDraft((old) => ({ ...old, [key]: value }));

  return (
    <form className="log-filters" aria-label={label} onSubmit={submit}>
      {fields.map((field) => {
        const inputId = `${id}-${field.key}`;
        const value = draft[field.key] ?? '';
        return (
          <div className="filter" key={field.key}>
            <label htmlFor={inputId}>{field.label}</label>
            {field.kind === 'choice' ? (
              <select id={inputId} value={value} onChange={(event) => set(field.key, event.target.value)}>
                {field.options.map(([option, text]) => (
                  <option key={option} value={option}>
                    {text}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={inputId}
                type={field.kind === 'date' ? 'date' : 'text'}
                value={value}
                placeholder={field.kind === 'text' ? field.placeholder : undefined}
                onChange={(event) => set(field.key, event.target.value)}
              />
            )}
          </div>
        );
      })}
      <div className="log-filters__actions">
        <button type="submit" className="button">
          {t('console.logs.filters.apply')}
        </button>
        <button type="button" className="button button--ghost" onClick={clear}>
          {t('console.logs.filters.clear')}
        </button>
      </div>
    </form>
  );
}
