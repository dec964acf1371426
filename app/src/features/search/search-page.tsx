// /search: the advanced form (query, category, status, access, sort) kept in the address, results
// with highlighted snippets, category facets and an empty state. Each search's results (not each
// page of them) and the result the listener opens are noted as search events (`lib/behavior-events`).
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Skeleton } from '@/components/async-state/async-state';
import { AccessBadge, Cover } from '@/components/catalog/book-card';
import { Pagination } from '@/components/catalog/pagination';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { noteEvent } from '@/lib/behavior-events';
import { useLang } from '@/lib/lang';
import { catalogQueries } from '@/lib/queries/catalog';
import { CategoryOptions } from '@/components/catalog/category-options';
import { useBookFilterOptions } from '@/components/catalog/filter-options';
import { useUrlFilters } from '@/lib/use-url-filters';
import { pathTo } from '@/lib/paths';
import { Highlight } from './highlight';
import { AdSlot } from '@/components/ads/ad-slot';
import '@/components/catalog/catalog-page.css';
import './search-page.css';

const keys = ['q', 'category', 'status', 'access', 'sort'] as const;
const pageSize = 20;

export function SearchPage() {
  const { t } = useTranslation();
  const filterOptions = useBookFilterOptions();
  const id = useId();
  const { values, page, update } = useUrlFilters(pathTo('search'), keys);
  const [draft, setDraft] = useState(values);
  useEffect(() => setDraft(values), [values]);
  const { lang } = useLang();
  const categories = useQuery(catalogQueries.categories(lang));
  const active = values.q.trim() !== '';
  const results = useQuery({
    ...catalogQueries.search(lang, {
      q: values.q.trim(),
      category: values.category,
      status: values.status,
      access: values.access,
      sort: values.sort,
      page,
      pageSize,
    }),
    // Nothing is asked until there is something to look for.
    enabled: active,
  });
  const query = values.q.trim();
  const found = results.isSuccess ? results.data.total : null;
  const searched = useRef('');
  useEffect(() => {
    const search = JSON.stringify([query, values.category, values.status, values.access, values.sort]);
    if (!active || found === null || searched.current === search) return;
    searched.current = search;
    noteEvent({ kind: 'search', query, resultCount: found });
  }, [active, found, query, values.category, values.status, values.access, values.sort]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update({
      q: draft.q.trim(),
      category: draft.category,
      status: draft.status,
      access: draft.access,
      sort: draft.sort,
    });
  };
  const field = (
    key: Exclude<(typeof keys)[number], 'q'>,
    label: string,
    options: [string, string][],
    extra?: React.ReactNode,
  ) => (
    <div className="filter">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <select
        id={`${id}-${key}`}
        value={draft[key]}
        onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
      >
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
        {extra}
      </select>
    </div>
  );

  return (
    <div className="catalog-page">
      <h1>{t('app.search.title')}</h1>
      <form className="search-form" role="search" onSubmit={submit}>
        <div className="search-form__query">
          <label htmlFor={`${id}-q`} className="visually-hidden">
            {t('app.search.query')}
          </label>
          <input
            id={`${id}-q`}
            type="search"
            value={draft.q}
            placeholder={t('app.search.placeholder')}
            onChange={(event) => setDraft({ ...draft, q: event.target.value })}
          />
          <button type="submit" className="button button--primary">
            {t('app.search.submit')}
          </button>
        </div>
        <div className="filters">
          {field(
            'category',
            t('app.catalog.filters.category'),
            [filterOptions.all],
            categories.isSuccess ? <CategoryOptions categories={categories.data} /> : null,
          )}
          {field('status', t('app.catalog.filters.status'), filterOptions.status)}
          {field('access', t('app.catalog.filters.access'), filterOptions.access)}
          {field('sort', t('app.catalog.filters.sort'), [
            ['', t('app.search.sort.relevance')],
            ['newest', t('app.catalog.sort.newest')],
            ['popular', t('app.catalog.sort.popular')],
          ])}
        </div>
      </form>

      {!active && <p className="result-count">{t('app.search.hint')}</p>}
      {active && results.isPending && <Skeleton count={4} variant="row" />}
      {active && results.isError && <ErrorState error={results.error} onRetry={() => void results.refetch()} />}
      {active && results.isSuccess && (
        <div className="search-layout">
          <aside aria-labelledby={`${id}-facets`}>
            <h2 id={`${id}-facets`} className="result-count">
              {t('app.search.facets')}
            </h2>
            <ul className="chips">
              {results.data.facets.categories.map((facet) => (
                <li key={facet.id}>
                  <button
                    type="button"
                    className="chip"
                    aria-pressed={values.category === facet.slug}
                    onClick={() => update({ category: values.category === facet.slug ? '' : facet.slug })}
                  >
                    {facet.name} <span className="chip__count">{facet.count}</span>
                  </button>
                </li>
              ))}
            </ul>
          </aside>
          <div>
            <p className="result-count" role="status">
              {t('app.search.count', { count: results.data.total, query: values.q })}
            </p>
            {results.data.items.length === 0 ? (
              <EmptyState>{t('app.search.empty', { query: values.q })}</EmptyState>
            ) : (
              <ol className="result-list">
                {results.data.items.map(({ book, highlights }, index) => (
                  <li key={book.id} className="search-hit">
                    {/* The first hits are in the first screen: their covers are fetched at once. */}
                    <Cover book={book} size="sm" priority={index < 3} />
                    <div>
                      <h2>
                        <LocalizedLink
                          to={pathTo('bookDetail', { id: book.id })}
                          onClick={() =>
                            noteEvent({ kind: 'search', query, resultCount: results.data.total, bookId: book.id })
                          }
                        >
                          <Highlight html={highlights.title} fallback={book.title} />
                        </LocalizedLink>
                      </h2>
                      <p>
                        <Highlight html={highlights.author} fallback={book.author.name} /> <AccessBadge book={book} />
                      </p>
                      {highlights.description && (
                        <p className="search-hit__snippet">
                          <Highlight html={highlights.description} />
                        </p>
                      )}
                    </div>
                  </li>
                ))}
              </ol>
            )}
            <Pagination
              page={page}
              pageSize={results.data.pageSize}
              total={results.data.total}
              onPage={(next) => update({ page: next })}
            />
          </div>
        </div>
      )}
      <AdSlot slot="search_results" />
    </div>
  );
}
