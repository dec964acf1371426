// Sets document.title to '{page} - {product}' through the catalogue's title pattern. A route names
// its page; a page showing one record (a book, a chapter) names it more precisely, and wins while shown.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export type TitleLevel = 'route' | 'record';

/** The titles set now, by level; the record's wins over the route's. */
const titles = new Map<TitleLevel, string>();

function show(): void {
  const title = titles.get('record') ?? titles.get('route');
  if (title !== undefined) document.title = title;
}

export function usePageTitle(page: string | null, level: TitleLevel = 'route'): void {
  const { t } = useTranslation();
  const title = page === null ? null : t('app.meta.titlePattern', { page, product: t('app.meta.product') });
  useEffect(() => {
    if (title === null) return;
    titles.set(level, title);
    show();
    return () => {
      if (titles.get(level) === title) titles.delete(level);
    };
  }, [title, level]);
}
