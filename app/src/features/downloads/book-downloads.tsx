// One downloaded book on the downloads page: its title (to its page), chapters kept and their size,
// until when they play offline, its chapters, and removing the whole book after a confirmation.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { ConfirmButton } from '@/components/overlay/confirm-button';
import { formatDate, formatFileSize } from '@/lib/core-pages';
import { downloads } from '@/lib/downloads/download-manager';
import { useLang } from '@/lib/lang';
import { pathTo } from '@/lib/paths';
import { DownloadRow } from './download-row';
import type { BookGroup } from './group-downloads';

export function BookDownloads({
  group,
  canPlay,
  timezone,
}: {
  group: BookGroup;
  canPlay: boolean;
  /** The listener's zone, for the date the offline pass ends. */
  timezone: string | null;
}) {
  const { t } = useTranslation('pages');
  const { lang } = useLang();
  const headingId = useId();
  const { bookId, bookTitle, playableUntil } = group;
  return (
    <section className="download-book" data-testid={`download-book-${bookId}`} aria-labelledby={headingId}>
      <div className="download-book__head">
        <div className="download-book__text">
          <h2 id={headingId}>
            <LocalizedLink to={pathTo('bookDetail', { id: bookId })}>{bookTitle}</LocalizedLink>
          </h2>
          <p className="download-book__meta">
            {t('pages.downloads.bookSummary', {
              count: group.keptCount,
              size: formatFileSize({ bytes: group.bytes, lang }),
            })}
            {canPlay && playableUntil !== null && playableUntil > Date.now() && (
              <>
                {' · '}
                {t('pages.downloads.availableUntil', {
                  date: formatDate({ timestampMs: playableUntil, lang, timezone }),
                })}
              </>
            )}
          </p>
        </div>
        <ConfirmButton
          className="button button--small"
          label={t('pages.downloads.removeBook')}
          ariaLabel={t('pages.downloads.removeBookNamed', { title: bookTitle })}
          title={t('pages.downloads.confirmRemoveBook', { title: bookTitle })}
          onConfirm={() => downloads.removeBook(bookId)}
        />
      </div>
      <ol className="download-list">
        {group.chapters.map((entry) => (
          <DownloadRow key={entry.chapterId} entry={entry} canPlay={canPlay} />
        ))}
      </ol>
    </section>
  );
}
