// The books of a campaign: a search of every book (by title, author or id) whose results are added
// with a button, and the chosen books, each removable. Keyboard: Tab between the buttons.
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleQueries } from '@/lib/queries/console';

export interface PickedBook {
  id: number;
  title: string;
}

export function BookPicker({
  picked,
  onChange,
  error,
}: {
  picked: PickedBook[];
  onChange: (books: PickedBook[]) => void;
  error?: string | null;
}) {
  const { t } = useTranslation('console');
  const id = useId();
  const [q, setQ] = useState('');
  const term = q.trim();
  const found = useQuery({ ...consoleQueries.books({ q: term, pageSize: 8 }), enabled: term.length > 0 });
  const chosen = new Set(picked.map((book) => book.id));
  return (
    <div className="field offers-picker">
      <label className="field__label" htmlFor={`${id}-q`}>
        {t('console.offers.campaigns.form.books')}
      </label>
      <input
        id={`${id}-q`}
        className="field__input"
        type="search"
        value={q}
        placeholder={t('console.offers.campaigns.form.bookSearch')}
        onChange={(event) => setQ(event.target.value)}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-invalid={Boolean(error)}
      />
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
      {term && found.isSuccess ? (
        <ul className="offers-picker__results" aria-label={t('console.offers.campaigns.form.bookResults')}>
          {found.data.items.length === 0 ? <li>{t('console.offers.campaigns.form.noBooks')}</li> : null}
          {found.data.items.map((book) => (
            <li key={book.id}>
              <span>
                #{book.id} {book.titleZh}
              </span>
              <button
                type="button"
                className="button button--small"
                disabled={chosen.has(book.id)}
                onClick={() => onChange([...picked, { id: book.id, title: book.titleZh }])}
              >
                {t('console.offers.campaigns.form.add', { title: book.titleZh })}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <ul className="offers-picker__chosen" aria-label={t('console.offers.campaigns.form.chosen')}>
        {picked.map((book) => (
          <li key={book.id}>
            <span>
              #{book.id} {book.title}
            </span>
            <button
              type="button"
              className="button button--small"
              onClick={() => onChange(picked.filter((other) => other.id !== book.id))}
            >
              {t('console.offers.campaigns.form.remove', { title: book.title })}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
