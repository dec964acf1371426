// The option lists shared by the catalogue's and the search page's filters: [value, label].
import { useTranslation } from 'react-i18next';

export type FilterOption = [value: string, label: string];

/** "All", then the book statuses and the ways of access. */
export function useBookFilterOptions(): { status: FilterOption[]; access: FilterOption[]; all: FilterOption } {
  const { t } = useTranslation();
  const all: FilterOption = ['', t('app.catalog.filters.all')];
  return {
    all,
    status: [all, ['serialising', t('app.catalog.status.serialising')], ['finished', t('app.catalog.status.finished')]],
    access: [
      all,
      ['free', t('app.catalog.access.free')],
      ['vip', t('app.catalog.access.vip')],
      ['paid', t('app.catalog.access.paid')],
    ],
  };
}
