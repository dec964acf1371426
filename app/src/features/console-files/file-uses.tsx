// Where a stored file is used: its chapters (linked to each chapter's edit page, the first few and
// how many more), the books whose cover it is (linked to the book), or an "unused" badge.
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import type { AdminFile } from '@/lib/api/types';
import { formatNumber } from '@/lib/core';
import { useLang } from '@/lib/lang';
import { pathTo } from '@/lib/paths';
import { USED_LABEL } from './labels';

export function FileUses({ file }: { file: AdminFile }) {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  if (!file.inUse) return <span className="console-badge console-badge--off">{USED_LABEL.false(t)}</span>;
  const more = file.chapterCount - file.chapters.length;
  return (
    <ul className="file-uses">
      {file.chapters.map((chapter) => (
        <li key={`chapter-${chapter.id}`}>
          <LocalizedLink to={pathTo('adminBookChapterEdit', { id: chapter.bookId, chapterId: chapter.id })}>
            {t('console.files.chapterUse', {
              book: chapter.bookTitle,
              place: formatNumber({ value: chapter.idx, lang }),
              title: chapter.titleZh,
            })}
          </LocalizedLink>
        </li>
      ))}
      {more > 0 ? (
        <li className="file-uses__more">
          {t('console.files.moreChapters', { count: more, formatted: formatNumber({ value: more, lang }) })}
        </li>
      ) : null}
      {file.covers.map((book) => (
        <li key={`cover-${book.id}`}>
          <LocalizedLink to={pathTo('adminBookEdit', { id: book.id })}>
            {t('console.files.coverUse', { title: book.titleZh })}
          </LocalizedLink>
        </li>
      ))}
    </ul>
  );
}

/** The name a person knows the file by: the uploaded file's name, else its name in the store. */
export const fileName = (file: AdminFile) => file.originalName ?? file.storageKey;
