// The option lists shared by the catalogue's and the search page's filters: [value, label].
import { useTranslation } from 'react-i18next';
import { ACCESS_LABEL, STATUS_LABEL } from './labels';

export type FilterOption = [value: string, label: string];

/** "All", then the book statuses and the ways of access. */
export function useBookFilterOptions(): { status: FilterOption[]; access: FilterOption[]; all: FilterOption } {
  const { t } = useTranslation();
  const all: FilterOption = ['', t('app.catalog.filters.all')];
  return {
    all,
    status: [all, ...Object.entries(STATUS_LABEL).map(([value, label]): FilterOption => [value, label(t)])],
    access: [all, ...Object.entries(ACCESS_LABEL).map(([value, label]): FilterOption => [value, label(t)])],
  };
}
