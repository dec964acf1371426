// /admin/books (every book) and /admin/categories/:id/books (one category's), on the one list.
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { useLang } from '@/lib/lang';
import { pathTo } from '@/lib/paths';
import { consoleQueries } from '@/lib/queries/console';
import { BookList } from './book-list';
import { categoryName } from './categories';
import '@/components/catalog/catalog-page.css';
import '@/components/console/console.css';
import './console-catalog.css';

export function AdminBooksPage() {
  const { t } = useTranslation('console');
  return (
    <div className="console-page">
      <header className="console-head">
        <h1>{t('console.books.title')}</h1>
        <LocalizedLink className="button button--primary" to={pathTo('adminBookCreate')}>
          {t('console.books.create')}
        </LocalizedLink>
      </header>
      <BookList />
    </div>
  );
}

export function AdminCategoryBooksPage() {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  const id = Number(useParams().id);
  const categories = useQuery(consoleQueries.categories());
  const category = categories.data?.items.find((c) => c.id === id);
  return (
    <div className="console-page">
      <p className="console-back">
        <LocalizedLink to={pathTo('adminCategories')}>{t('console.categories.back')}</LocalizedLink>
      </p>
      <header className="console-head">
        <h1>
          {category
            ? t('console.categories.booksOf', { name: categoryName(category, lang) })
            : t('console.categories.booksTitle')}
        </h1>
        <LocalizedLink className="button button--primary" to={pathTo('adminBookCreate')}>
          {t('console.books.create')}
        </LocalizedLink>
      </header>
      <BookList key={id} categoryId={id} />
    </div>
  );
}
