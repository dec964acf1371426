// /books: the catalogue with category, tag, status, access and sort filters kept in the address, paginated.
// With a category chosen it is that category's list: titled by its name (the navigation marks 分类).
// On phones the filters fold behind one button showing how many are set, so books come first.
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Skeleton } from '@/components/async-state/async-state';
import { BookGrid, firstRow } from '@/components/catalog/book-card';
import { CategoryOptions, flattenCategories } from '@/components/catalog/category-options';
import { useBookFilterOptions } from '@/components/catalog/filter-options';
import { Pagination } from '@/components/catalog/pagination';
import { TagOptions } from '@/components/catalog/tag-options';
import { useLang } from '@/lib/lang';
import { pathTo } from '@/lib/paths';
import { catalogQueries } from '@/lib/queries/catalog';
import { useUrlFilters } from '@/lib/use-url-filters';
import '@/components/catalog/catalog-page.css';

const keys = ['category', 'tag', 'status', 'access', 'sort'] as const;
/** The filters that narrow the list (the order does not), counted on the folded filters' button. */
const narrowing = ['category', 'tag', 'status', 'access'] as const;

export function BooksPage() {
  const { t } = useTranslation();
  const filterOptions = useBookFilterOptions();
  const id = useId();
  const { lang } = useLang();
  const { values, page, update } = useUrlFilters(pathTo('books'), keys);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const categories = useQuery(catalogQueries.categories(lang));
  const category = values.category
    ? flattenCategories(categories.data ?? []).find((entry) => entry.category.slug === values.category)?.category
    : undefined;
  // A category's list is titled by the category; while the tree loads, by the section.
  const title = values.category ? (category?.name ?? t('app.nav.categories')) : t('app.catalog.books.title');
  const activeFilters = narrowing.filter((key) => values[key]).length;
  const tags = useQuery(catalogQueries.tags(lang));
  const books = useQuery(catalogQueries.booksPage(lang, values, page));

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
      <h1>{title}</h1>
      <button
        type="button"
        className="button filters-toggle"
        aria-expanded={filtersOpen}
        aria-controls={`${id}-filters`}
        onClick={() => setFiltersOpen((open) => !open)}
      >
        {activeFilters
          ? t('app.catalog.filters.toggleActive', { count: activeFilters })
          : t('app.catalog.filters.toggle')}
      </button>
      <form
        id={`${id}-filters`}
        className={filtersOpen ? 'filters filters--foldable filters--open' : 'filters filters--foldable'}
        onSubmit={(event) => event.preventDefault()}
        aria-label={t('app.catalog.filters.label')}
      >
        {select(
          'category',
          t('app.catalog.filters.category'),
          [filterOptions.all],
          categories.isSuccess ? <CategoryOptions categories={categories.data} /> : null,
        )}
        {select(
          'tag',
          t('app.catalog.filters.tag'),
          [filterOptions.all],
          <TagOptions tags={tags.data?.items ?? []} selected={values.tag} />,
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
      {books.isPending && <Skeleton count={8} />}
      {books.isError && <ErrorState error={books.error} onRetry={() => void books.refetch()} />}
      {books.isSuccess && (
        <>
          <p className="result-count">{t('app.catalog.books.count', { count: books.data.total })}</p>
          {books.data.items.length ? (
            <BookGrid
              books={books.data.items}
              label={title}
              headingLevel={2}
              priorityCount={firstRow}
              showRating={values.sort === 'rating'}
            />
          ) : (
            <EmptyState>{t('app.catalog.books.empty')}</EmptyState>
          )}
          <Pagination
            page={page}
            pageSize={books.data.pageSize}
            total={books.data.total}
            onPage={(next) => update({ page: next })}
          />
        </>
      )}
    </div>
  );
}
