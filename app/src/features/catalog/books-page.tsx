// /books: the catalogue with category, tag, status, access and sort filters kept in the address, paginated.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Skeleton } from '@/components/async-state/async-state';
import { useApi } from '@/components/async-state/use-api';
import { BookGrid } from '@/components/catalog/book-card';
import { CategoryOptions } from '@/components/catalog/category-options';
import { useBookFilterOptions } from '@/components/catalog/filter-options';
import { Pagination } from '@/components/catalog/pagination';
import { TagOptions } from '@/components/catalog/tag-options';
import { pathTo } from '@/lib/paths';
import { catalogApi, itemsOf } from '@/lib/catalog-api';
import { useUrlFilters } from '@/lib/use-url-filters';
import './catalog-pages.css';

const keys = ['category', 'tag', 'status', 'access', 'sort'] as const;
export const pageSize = 20;

export function BooksPage() {
  const { t } = useTranslation();
  const filterOptions = useBookFilterOptions();
  const id = useId();
  const { values, page, update } = useUrlFilters(pathTo('books'), keys);
  const categories = useApi((signal) => catalogApi.categories({ signal }), []);
  const tags = useApi((signal) => catalogApi.tags({ signal }), []);
  const books = useApi(
    (signal) =>
      catalogApi.books(
        {
          category: values.category,
          tag: values.tag,
          status: values.status,
          access: values.access,
          sort: values.sort || 'popular',
          page,
          pageSize,
        },
        { signal },
      ),
    [values.category, values.tag, values.status, values.access, values.sort, page],
  );

  const select = (key: (typeof keys)[number], label: string, options: [string, string][], extra?: React.ReactNode) => (
    <div className="filter">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <select id={`${id}-${key}`} value={values[key]} onChange={(event) => update({ [key]: event.target.value })}>
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
      <h1>{t('app.catalog.books.title')}</h1>
      <form
        className="filters"
        onSubmit={(event) => event.preventDefault()}
        aria-label={t('app.catalog.filters.label')}
      >
        {select(
          'category',
          t('app.catalog.filters.category'),
          [filterOptions.all],
          categories.status === 'ready' ? <CategoryOptions categories={categories.data} /> : null,
        )}
        {select(
          'tag',
          t('app.catalog.filters.tag'),
          [filterOptions.all],
          <TagOptions tags={tags.status === 'ready' ? (tags.data.items ?? []) : []} selected={values.tag} />,
        )}
        {select('status', t('app.catalog.filters.status'), filterOptions.status)}
        {select('access', t('app.catalog.filters.access'), filterOptions.access)}
        {select('sort', t('app.catalog.filters.sort'), [
          ['', t('app.catalog.sort.popular')],
          ['newest', t('app.catalog.sort.newest')],
          ['rating', t('app.catalog.sort.rating')],
          ['updated', t('app.catalog.sort.updated')],
        ])}
      </form>
      {books.status === 'loading' && <Skeleton count={8} />}
      {books.status === 'error' && <ErrorState error={books.error} onRetry={books.reload} />}
      {books.status === 'ready' && (
        <>
          <p className="result-count">{t('app.catalog.books.count', { count: books.data.total })}</p>
          {itemsOf(books.data).length ? (
            <BookGrid books={itemsOf(books.data)} label={t('app.catalog.books.title')} />
          ) : (
            <EmptyState>{t('app.catalog.books.empty')}</EmptyState>
          )}
          <Pagination
            page={page}
            pageSize={books.data.pageSize || pageSize}
            total={books.data.total}
            onPage={(next) => update({ page: next })}
          />
        </>
      )}
    </div>
  );
}
