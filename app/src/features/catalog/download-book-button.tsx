// The book page's offline download, for members only (core's premium guard, as for the downloads
// page): downloads the whole book and follows it, then says it is kept, with the way to the
// downloads page. Its texts are the downloads' (`pages`), fetched only when a member sees it.
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadProgress } from '@/components/downloads/download-progress';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { useToast } from '@/components/toast/use-toast';
import { toGuardUser, useCurrentUser } from '@/features/auth/use-auth';
import type { BookDetail, DownloadGrant, DownloadRequest } from '@/lib/api/types';
import { decideRoute } from '@/lib/core';
import { downloadsSupported } from '@/lib/downloads/download-cache';
import { downloads } from '@/lib/downloads/download-manager';
import { isPremiumRequired } from '@/lib/downloads/downloads-api';
import { useDownloads } from '@/lib/downloads/use-downloads';
import { useLang } from '@/lib/lang';
import { pathTo } from '@/lib/paths';
import './download-book-button.css';

type Book = Pick<BookDetail, 'id' | 'title' | 'chapterCount'>;

/**
 * Starting a download from a page: whether one is starting, whether the server refused it for want
 * of membership, and `start`, which answers the grant (null when refused or failed, with a toast).
 */
export function useStartDownload() {
  const { t } = useTranslation('pages');
  const { toast } = useToast();
  const [starting, setStarting] = useState(false);
  const [refused, setRefused] = useState(false);
  const start = async (request: DownloadRequest): Promise<DownloadGrant | null> => {
    setStarting(true);
    setRefused(false);
    try {
      return await downloads.download(request);
    } catch (error) {
      if (isPremiumRequired(error)) setRefused(true);
      else toast({ color: 'error', icon: 'error', title: t('pages.downloads.button.error') });
      return null;
    } finally {
      setStarting(false);
    }
  };
  return { starting, refused, start };
}

function BookDownload({ book }: { book: Book }) {
  const { t } = useTranslation('pages');
  const { records, transfers } = useDownloads();
  const { starting, refused, start: startDownload } = useStartDownload();
  /** The chapters the last grant named: the book is complete once all of them are kept. */
  const [granted, setGranted] = useState<number[] | null>(null);
  const kept = records.filter((record) => record.bookId === book.id);
  const keptIds = new Set(kept.map((record) => record.chapterId));
  const mine = transfers.filter((transfer) => transfer.bookId === book.id);
  const arriving = mine.filter((transfer) => transfer.status !== 'failed');
  const failed = mine.filter((transfer) => transfer.status === 'failed');
  const complete =
    kept.length > 0 && (granted ? granted.every((id) => keptIds.has(id)) : kept.length >= book.chapterCount);

  const start = async (chapterIds?: number[]) => {
    const grant = await startDownload({ bookId: book.id, chapterIds });
    if (grant && !chapterIds) setGranted(grant.items.map((item) => item.chapterId));
  };

  return (
    <div className="book-download" data-testid="book-download">
      {arriving.length > 0 ? (
        <div className="book-download__progress" aria-live="polite">
          <span>
            {t('pages.downloads.button.downloading', { done: kept.length, total: kept.length + mine.length })}
          </span>
          <DownloadProgress
            label={t('pages.downloads.button.progressLabel', { title: book.title })}
            received={arriving.reduce((sum, transfer) => sum + transfer.received, 0)}
            total={arriving.reduce((sum, transfer) => sum + transfer.total, 0)}
          />
        </div>
      ) : complete ? (
        <span className="book-download__done" role="status">
          <span aria-hidden="true">✓</span> {t('pages.downloads.button.downloaded')}
        </span>
      ) : (
        <button type="button" className="button" disabled={starting} onClick={() => void start()}>
          {kept.length > 0 ? t('pages.downloads.button.downloadRest') : t('pages.downloads.button.download')}
        </button>
      )}
      {failed.length > 0 && (
        <p className="book-download__failed" role="alert">
          {t('pages.downloads.button.failed', { count: failed.length })}{' '}
          <button
            type="button"
            className="button button--small"
            disabled={starting}
            onClick={() => void start(failed.map((transfer) => transfer.chapterId))}
          >
            {t('pages.downloads.button.retry')}
          </button>
        </p>
      )}
      {refused && (
        <p className="book-download__failed" role="alert">
          {t('pages.downloads.button.premiumRequired')}
        </p>
      )}
      {(kept.length > 0 || mine.length > 0) && (
        <LocalizedLink to={pathTo('downloads')}>{t('pages.downloads.button.manage')}</LocalizedLink>
      )}
    </div>
  );
}

/** Whether the listener may keep downloads here: a member (core's premium guard) in a browser that can. */
export function useMayDownload(): boolean {
  const { lang } = useLang();
  const user = useCurrentUser();
  const member =
    user !== null &&
    decideRoute({
      path: pathTo('premiumDownloads'),
      user: toGuardUser(user),
      nowMs: Date.now(),
      guards: ['premium'],
      lang,
    }).kind === 'allow';
  return member && downloadsSupported();
}

export function DownloadBookButton({ book }: { book: Book }) {
  if (!useMayDownload()) return null;
  return (
    <Suspense fallback={null}>
      <BookDownload book={book} />
    </Suspense>
  );
}
