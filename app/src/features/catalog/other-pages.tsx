// /categories, /limited-free and /recommendations.
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Skeleton } from '@/components/async-state/async-state';
import { useApi } from '@/components/async-state/use-api';
import { BookCard } from '@/components/catalog/book-card';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { pathTo } from '@/lib/paths';
import { catalogApi, itemsOf, type Category } from '@/lib/catalog-api';
import './catalog-pages.css';
import { REASON_LABEL } from '@/components/catalog/labels';

function CategoryTree({ categories }: { categories: Category[] }) {
  const { t } = useTranslation();
  return (
    <ul className="category-tree">
      {categories.map((category) => (
        <li key={category.id}>
          <LocalizedLink to={`${pathTo('books')}?category=${encodeURIComponent(category.slug)}`}>
            {category.name}
          </LocalizedLink>{' '}
          <span className="chip__count">{t('app.catalog.books.count', { count: category.bookCount })}</span>
          {category.children?.length ? <CategoryTree categories={category.children} /> : null}
        </li>
      ))}
    </ul>
  );
}

export function CategoriesPage() {
  const { t } = useTranslation();
  const state = useApi((signal) => catalogApi.categories({ signal }), []);
  return (
    <div className="catalog-page">
      <h1>{t('app.catalog.categories.title')}</h1>
      {state.status === 'loading' && <Skeleton count={4} variant="row" />}
      {state.status === 'error' && <ErrorState error={state.error} onRetry={state.reload} />}
      {state.status === 'ready' &&
        (state.data.length ? (
          <CategoryTree categories={state.data} />
        ) : (
          <EmptyState>{t('app.catalog.categories.empty')}</EmptyState>
        ))}
    </div>
  );
}

export function LimitedFreePage() {
  const { t } = useTranslation();
  const state = useApi((signal) => catalogApi.limitedFree({ signal }), []);
  const items = state.status === 'ready' ? itemsOf(state.data) : [];
  return (
    <div className="catalog-page">
      <h1>{t('app.catalog.limitedFree.title')}</h1>
      <p>{t('app.catalog.limitedFree.intro')}</p>
      {state.status === 'loading' && <Skeleton count={6} />}
      {state.status === 'error' && <ErrorState error={state.error} onRetry={state.reload} />}
      {state.status === 'ready' &&
        (items.length ? (
          <ul className="book-grid">
            {items.map((book) => (
              <li key={book.id}>
                <BookCard book={book} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState>{t('app.catalog.limitedFree.empty')}</EmptyState>
        ))}
    </div>
  );
}

export function RecommendationsPage() {
  const { t } = useTranslation();
  const state = useApi((signal) => catalogApi.recommendations({ signal }), []);
  const items = state.status === 'ready' ? itemsOf(state.data) : [];
  return (
    <div className="catalog-page">
      <h1>{t('app.catalog.recommendations.title')}</h1>
      {state.status === 'loading' && <Skeleton count={6} />}
      {state.status === 'error' && <ErrorState error={state.error} onRetry={state.reload} />}
      {state.status === 'ready' &&
        (items.length ? (
          <ul className="book-grid">
            {items.map(({ book, reason }) => (
              <li key={book.id}>
                <BookCard book={book}>
                  <p className="reason">{t(REASON_LABEL[reason.kind], { name: reason.name ?? '' })}</p>
                </BookCard>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState>{t('app.catalog.recommendations.empty')}</EmptyState>
        ))}
    </div>
  );
}
