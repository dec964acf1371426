// The listener's own library: /bookshelf, /favorites, /history and /user/play-history (server-backed, per user).
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Skeleton } from '@/components/async-state/async-state';
import { Cover } from '@/components/catalog/book-card';
import { Pagination } from '@/components/catalog/pagination';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { ConfirmButton } from '@/components/overlay/confirm-button';
import { TextIn } from '@/components/text-in/text-in';
import { useToast } from '@/components/toast/use-toast';
import { useViewer } from '@/features/auth/use-viewer';
import { usePlayerController } from '@/features/player';
import { clampProgress, formatDuration, formatRelativeTime } from '@/lib/core';
import type { Label } from '@/lib/i18n';
import { useLang } from '@/lib/lang';
import { pathTo } from '@/lib/paths';
import { libraryQueries, useClearHistory, useShelfMutation, type Shelf } from '@/lib/queries/library';
import '@/components/catalog/catalog-page.css';

const percent = (position: number, duration: number) =>
  clampProgress({ value: duration ? (position / duration) * 100 : 0 });

function useFailureToast() {
  const { t } = useTranslation();
  const { toast } = useToast();
  return () => toast({ color: 'error', icon: 'error', title: t('app.common.actionFailed') });
}

/** The texts of each shelf's page, each from its literal key. */
const SHELF_TEXT = {
  bookshelf: { title: (t) => t('app.library.bookshelf.title'), empty: (t) => t('app.library.bookshelf.empty') },
  favorites: { title: (t) => t('app.library.favorites.title'), empty: (t) => t('app.library.favorites.empty') },
} satisfies Record<string, { title: Label; empty: Label }>;

function ShelfPage({ kind }: { kind: Shelf }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const viewer = useViewer();
  const player = usePlayerController();
  const failed = useFailureToast();
  const shelf = useQuery(libraryQueries.shelf(viewer, kind));
  const shelves = useShelfMutation(viewer.userId);
  // Hidden at once; the list asked again after the removal agrees.
  const [removed, setRemoved] = useState<Set<number>>(new Set());
  const items = shelf.isSuccess ? shelf.data.items.filter((entry) => !removed.has(entry.book.id)) : [];

  const remove = async (bookId: number) => {
    try {
      await shelves.mutateAsync({ shelf: kind, bookId, on: false });
      setRemoved((current) => new Set(current).add(bookId));
    } catch {
      failed();
    }
  };

  return (
    <div className="catalog-page">
      <h1>{SHELF_TEXT[kind].title(t)}</h1>
      {shelf.isPending && <Skeleton count={3} variant="row" />}
      {shelf.isError && <ErrorState error={shelf.error} onRetry={() => void shelf.refetch()} />}
      {shelf.isSuccess &&
        (items.length === 0 ? (
          <EmptyState
            action={
              <LocalizedLink className="button button--primary" to={pathTo('books')}>
                {t('app.library.browse')}
              </LocalizedLink>
            }
          >
            {SHELF_TEXT[kind].empty(t)}
          </EmptyState>
        ) : (
          <ul className="entry-list">
            {items.map((entry) => (
              <li key={entry.book.id} className="entry">
                <Cover book={entry.book} size="sm" />
                <div className="entry__text">
                  <LocalizedLink to={pathTo('bookDetail', { id: entry.book.id })}>
                    <TextIn lang={entry.book.titleLang}>{entry.book.title}</TextIn>
                  </LocalizedLink>
                  <span>
                    <TextIn lang={entry.book.author.lang}>{entry.book.author.name}</TextIn>
                  </span>
                  {entry.progress ? (
                    <>
                      <span>
                        <TextIn lang={entry.progress.chapterTitleLang}>{entry.progress.chapterTitle}</TextIn> ·{' '}
                        {formatDuration({ seconds: entry.progress.positionSecs })} /{' '}
                        {formatDuration({ seconds: entry.progress.durationSecs })}
                      </span>
                      <progress max={100} value={percent(entry.progress.positionSecs, entry.progress.durationSecs)} />
                    </>
                  ) : (
                    <span>
                      {t('app.library.addedAt', {
                        time: formatRelativeTime({ timestampMs: entry.addedAt, nowMs: Date.now(), lang }),
                      })}
                    </span>
                  )}
                </div>
                {entry.progress && (
                  <button
                    type="button"
                    className="button button--primary"
                    onClick={() => void player.load(entry.progress!.chapterId, { autoplay: true })}
                  >
                    {t('app.catalog.continue')}
                  </button>
                )}
                <button
                  type="button"
                  className="button"
                  onClick={() => void remove(entry.book.id)}
                  aria-label={t('app.library.removeNamed', { title: entry.book.title })}
                >
                  {t('app.library.remove')}
                </button>
              </li>
            ))}
          </ul>
        ))}
    </div>
  );
}

export function BookshelfPage() {
  return <ShelfPage kind="bookshelf" />;
}

export function FavoritesPage() {
  return <ShelfPage kind="favorites" />;
}

export function HistoryPage() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const player = usePlayerController();
  const failed = useFailureToast();
  const viewer = useViewer();
  const [page, setPage] = useState(1);
  const history = useQuery(libraryQueries.history(viewer, page));
  const clear = useClearHistory(viewer.userId);
  // Hidden at once; the history asked again after the clearing agrees.
  const [removed, setRemoved] = useState<Set<number>>(new Set());
  const [cleared, setCleared] = useState(false);
  const items = history.isSuccess && !cleared ? history.data.items.filter((entry) => !removed.has(entry.book.id)) : [];

  const removeOne = async (bookId: number) => {
    try {
      await clear.mutateAsync({ bookId });
      setRemoved((current) => new Set(current).add(bookId));
    } catch {
      failed();
    }
  };
  const clearAll = async () => {
    try {
      await clear.mutateAsync({});
      setCleared(true);
    } catch {
      failed();
    }
  };

  return (
    <div className="catalog-page">
      <div className="shelf__head">
        <h1>{t('app.library.history.title')}</h1>
        {items.length > 0 && (
          <ConfirmButton
            label={t('app.library.history.clearAll')}
            title={t('app.library.history.confirmClear')}
            onConfirm={clearAll}
          />
        )}
      </div>
      {history.isPending && <Skeleton count={3} variant="row" />}
      {history.isError && <ErrorState error={history.error} onRetry={() => void history.refetch()} />}
      {history.isSuccess &&
        (items.length === 0 ? (
          <EmptyState>{t('app.library.history.empty')}</EmptyState>
        ) : (
          <>
            <ol className="entry-list">
              {items.map((entry) => (
                <li key={entry.book.id} className="entry">
                  <Cover book={entry.book} size="sm" />
                  <div className="entry__text">
                    <LocalizedLink to={pathTo('bookDetail', { id: entry.book.id })}>
                      <TextIn lang={entry.book.titleLang}>{entry.book.title}</TextIn>
                    </LocalizedLink>
                    <span>
                      <TextIn lang={entry.chapter.titleLang}>{entry.chapter.title}</TextIn> ·{' '}
                      {formatDuration({ seconds: entry.positionSecs })} /{' '}
                      {formatDuration({ seconds: entry.durationSecs })}
                    </span>
                    <progress
                      max={100}
                      value={percent(entry.positionSecs, entry.durationSecs)}
                      aria-label={t('app.library.progress')}
                    />
                    <time dateTime={new Date(entry.updatedAt).toISOString()}>
                      {formatRelativeTime({ timestampMs: entry.updatedAt, nowMs: Date.now(), lang })}
                    </time>
                  </div>
                  <button
                    type="button"
                    className="button button--primary"
                    onClick={() => void player.load(entry.chapter.id, { autoplay: true })}
                  >
                    {t('app.catalog.continue')}
                  </button>
                  <button
                    type="button"
                    className="button"
                    onClick={() => void removeOne(entry.book.id)}
                    aria-label={t('app.library.removeNamed', { title: entry.book.title })}
                  >
                    {t('app.library.remove')}
                  </button>
                </li>
              ))}
            </ol>
            <Pagination page={page} pageSize={history.data.pageSize} total={history.data.total} onPage={setPage} />
          </>
        ))}
    </div>
  );
}
