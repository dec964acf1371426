// /categories (each with covers and its number of books), /limited-free and /recommendations.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Skeleton } from '@/components/async-state/async-state';
import { BookCard, firstRow, firstTwoRows } from '@/components/catalog/book-card';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { useViewer } from '@/features/auth/use-viewer';
import { useLang } from '@/lib/lang';
import { pathTo } from '@/lib/paths';
import type { CategoryNode } from '@/lib/api/types';
import { catalogQueries } from '@/lib/queries/catalog';
import { AdSlot } from '@/components/ads/ad-slot';
import '@/components/catalog/catalog-page.css';
import './catalog-pages.css';
import { REASON_LABEL } from '@/components/catalog/labels';

const categoryList = (category: CategoryNode) => `${pathTo('books')}?category=${encodeURIComponent(category.slug)}`;

/**
 * The categories as cards: a few covers of each one's most played books, its name and its number
 * of books; its subcategories as chips under it.
 */
function CategoryCards({ categories }: { categories: CategoryNode[] }) {
  const { t } = useTranslation();
  return (
    <ul className="category-grid">
      {categories.map((category) => (
        <li key={category.id} className="category-card">
          <LocalizedLink className="category-card__link" to={categoryList(category)}>
            <span className="category-card__covers" aria-hidden="true">
              {category.coverUrls.length ? (
                category.coverUrls.map((url) => (
                  <img key={url} className="category-card__cover" src={url} alt="" loading="lazy" decoding="async" />
                ))
              ) : (
                <span className="category-card__cover category-card__cover--blank">{category.name.slice(0, 1)}</span>
              )}
            </span>
            <span className="category-card__name">{category.name}</span>
            <span className="chip__count">{t('app.catalog.books.count', { count: category.bookCount })}</span>
          </LocalizedLink>
          {category.children.length ? (
            <ul className="chips category-card__children">
              {category.children.map((child) => (
                <li key={child.id}>
                  <LocalizedLink className="chip" to={categoryList(child)}>
                    {child.name}
                  </LocalizedLink>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function CategoriesPage() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const categories = useQuery(catalogQueries.categories(lang));
  return (
    <div className="catalog-page">
      <h1>{t('app.catalog.categories.title')}</h1>
      {categories.isPending && <Skeleton count={4} variant="row" fillScreen />}
      {categories.isError && <ErrorState error={categories.error} onRetry={() => void categories.refetch()} />}
      {categories.isSuccess &&
        (categories.data.length ? (
          <CategoryCards categories={categories.data} />
        ) : (
          <EmptyState>{t('app.catalog.categories.empty')}</EmptyState>
        ))}
    </div>
  );
}

export function LimitedFreePage() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const books = useQuery(catalogQueries.limitedFree(lang));
  const items = books.isSuccess ? books.data.items : [];
  return (
    <div className="catalog-page">
      <h1>{t('app.catalog.limitedFree.title')}</h1>
      <p>{t('app.catalog.limitedFree.intro')}</p>
      {books.isPending && <Skeleton count={6} fillScreen />}
      {books.isError && <ErrorState error={books.error} onRetry={() => void books.refetch()} />}
      {books.isSuccess &&
        (items.length ? (
          <ul className="book-grid">
            {items.map((book, index) => (
              <li key={book.id}>
                <BookCard book={book} headingLevel={2} priority={index < firstRow} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState>{t('app.catalog.limitedFree.empty')}</EmptyState>
        ))}
      <AdSlot slot="limited_free" />
    </div>
  );
}

export function RecommendationsPage() {
  const { t } = useTranslation();
  const recommendations = useQuery(catalogQueries.recommendations(useViewer()));
  const items = recommendations.isSuccess ? recommendations.data.items : [];
  return (
    <div className="catalog-page">
      <h1>{t('app.catalog.recommendations.title')}</h1>
      {recommendations.isPending && <Skeleton count={6} fillScreen />}
      {recommendations.isError && (
        <ErrorState error={recommendations.error} onRetry={() => void recommendations.refetch()} />
      )}
      {recommendations.isSuccess &&
        (items.length ? (
          <ul className="book-grid">
            {items.map(({ book, reason }, index) => (
              <li key={book.id}>
                <BookCard book={book} headingLevel={2} priority={index < firstTwoRows}>
                  <p className="reason">{REASON_LABEL[reason.kind](t, reason.name ?? '')}</p>
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
