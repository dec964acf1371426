// A chapter page's offline download, for members only (as the book's): downloads this one chapter
// (a grant naming it alone) and follows it until it is kept. Texts from `pages`, fetched when shown.
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadProgress } from '@/components/downloads/download-progress';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import type { ChapterDetail } from '@/lib/api/types';
import { useDownloads } from '@/lib/downloads/use-downloads';
import { pathTo } from '@/lib/paths';
import { useMayDownload, useStartDownload } from './download-book-button';
import './download-book-button.css';

type Chapter = Pick<ChapterDetail, 'id' | 'bookId' | 'title'>;

function ChapterDownload({ chapter }: { chapter: Chapter }) {
  const { t } = useTranslation('pages');
  const { records, transfers } = useDownloads();
  const { starting, refused, start: startDownload } = useStartDownload();
  const kept = records.some((record) => record.chapterId === chapter.id);
  const transfer = transfers.find((entry) => entry.chapterId === chapter.id);

  const start = () => startDownload({ bookId: chapter.bookId, chapterIds: [chapter.id] });

  return (
    <div className="book-download" data-testid="chapter-download">
      {kept ? (
        <span className="book-download__done" role="status">
          <span aria-hidden="true">✓</span> {t('pages.downloads.chapterButton.downloaded')}
        </span>
      ) : transfer && transfer.status !== 'failed' ? (
        <div className="book-download__progress" aria-live="polite">
          <DownloadProgress
            label={t('pages.downloads.chapterButton.progressLabel', { title: chapter.title })}
            received={transfer.received}
            total={transfer.total}
          />
        </div>
      ) : (
        <button type="button" className="button" disabled={starting} onClick={() => void start()}>
          {transfer ? t('pages.downloads.button.retry') : t('pages.downloads.chapterButton.download')}
        </button>
      )}
      {transfer?.status === 'failed' && (
        <p className="book-download__failed" role="alert">
          {t('pages.downloads.chapterButton.failed')}
        </p>
      )}
      {refused && (
        <p className="book-download__failed" role="alert">
          {t('pages.downloads.button.premiumRequired')}
        </p>
      )}
      {(kept || transfer) && (
        <LocalizedLink to={pathTo('downloads')}>{t('pages.downloads.button.manage')}</LocalizedLink>
      )}
    </div>
  );
}

export function DownloadChapterButton({ chapter }: { chapter: Chapter }) {
  if (!useMayDownload()) return null;
  return (
    <Suspense fallback={null}>
      <ChapterDownload chapter={chapter} />
    </Suspense>
  );
}
