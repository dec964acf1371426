// Sets document.title to '{page} - {product}' through the catalogue's title pattern.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export function usePageTitle(page: string | null): void {
  const { t } = useTranslation();
  const title = page === null ? null : t('app.meta.titlePattern', { page, product: t('app.meta.product') });
  useEffect(() => {
    if (title !== null) document.title = title;
  }, [title]);
}
