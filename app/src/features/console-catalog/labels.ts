// The texts of the console's own values (list sorts, published state), one literal key each.
import type { Label } from '@/lib/i18n';

export const SORT_LABEL = {
  updated: (t) => t('console.books.sort.updated'),
  newest: (t) => t('console.books.sort.newest'),
  title: (t) => t('console.books.sort.title'),
  plays: (t) => t('console.books.sort.plays'),
} satisfies Record<string, Label>;

export const PUBLISHED_LABEL = {
  true: (t) => t('console.books.published.true'),
  false: (t) => t('console.books.published.false'),
} satisfies Record<'true' | 'false', Label>;
