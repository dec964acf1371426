// The options of a tag select: every tag with its book count, most used first (the server's order).
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/core';
import { useLang } from '@/lib/lang';
import type { TagCount } from '@/lib/api/types';

/** The tags as options; `selected` (from the address) is kept as an option even when no book carries it. */
export function TagOptions({ tags, selected }: { tags: TagCount[]; selected: string }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const missing = selected !== '' && !tags.some((tag) => tag.name === selected);
  return (
    <>
      {missing && <option value={selected}>{selected}</option>}
      {tags.map((tag) => (
        <option key={tag.id} value={tag.name}>
          {t('app.catalog.filters.tagOption', { name: tag.label, books: formatNumber({ value: tag.bookCount, lang }) })}
        </option>
      ))}
    </>
  );
}
