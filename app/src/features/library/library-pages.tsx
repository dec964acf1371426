// The listener's own library: /bookshelf, /favorites, /history and /user/play-history (server-backed, per user).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Skeleton } from '@/components/async-state/async-state';
import { useApi } from '@/components/async-state/use-api';
import { Cover } from '@/components/catalog/book-card';
import { Pagination } from '@/components/catalog/pagination';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { useToast } from '@/components/toast/use-toast';
import { itemsOf, libraryApi, type HistoryEntry, type ShelfEntry } from '@/lib/catalog-api';
import { usePlayerController } from '@/features/player';
import { clampProgress, formatDuration, formatRelativeTime } from '@/lib/core';
import { useLang } from '@/lib/lang';
import { pathTo } from '@/lib/paths';
import '@/features/catalog/catalog-pages.css';
import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';

const percent = (position: number, duration: number) =>
  clampProgress({ value: duration ? (position / duration) * 100 : 0 });

function useFailureToast() {
  const { t } = useTranslation();
  const { toast } = useToast();
  return () => toast({ color: 'error', icon: 'error', title: t('app.common.actionFailed') });
}

/** The literal translation keys of each shelf's page. */
const SHELF_TEXT = {
  bookshelf: { title: 'app.library.bookshelf.title', empty: 'app.library.bookshelf.empty' },
  favorites: { title: 'app.library.favorites.title', empty: 'app.library.favorites.empty' },
} as const;

function ShelfPage({ kind }: { kind: 'bookshelf' | 'favorites' }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const player = usePlayerController();
  const failed = useFailureToast();
  const state = useApi(
    (signal) => (kind === 'bookshelf' ? libraryApi.bookshelf({ signal }) : libraryApi.favorites({ signal })),
    [kind],
  );
  const [removed, setRemoved] = useState<Set<number>>(new Set());
  const items =
    state.status === 'ready' ? itemsOf<ShelfEntry>(state.data).filter((entry) => !removed.has(entry.book.id)) : [];

  const remove = async (bookId: number) => {
    try {
      await (kind === 'bookshelf' ? libraryApi.setBookshelf(bookId, false) : libraryApi.setFavorite(bookId, false));
      setRemoved((current) => new Set(current).add(bookId));
    } catch {
      failed();
    }
  };

  return (
    <div className="catalog-page">
      <h1>{t(SHELF_TEXT[kind].title)}</h1>
      {state.status === 'loading' && <Skeleton count={3} variant="row" />}
      {state.status === 'error' && <ErrorState error={state.error} onRetry={state.reload} />}
      {state.status === 'ready' &&
        (items.length === 0 ? (
          <EmptyState
            action={
              <LocalizedLink className="button button--primary" to={pathTo('books')}>
                {t('app.library.browse')}
              </LocalizedLink>
            }
          >
            {t(SHELF_TEXT[kind].empty)}
          </EmptyState>
        ) : (
          <ul className="entry-list">
            {items.map((entry) => (
              <li key={entry.book.id} className="entry">
                <Cover book={entry.book} size="sm" />
                <div className="entry__text">
                  <LocalizedLink to={pathTo('bookDetail', { id: entry.book.id })}>{entry.book.title}</LocalizedLink>
                  <span>{entry.book.author?.name}</span>
                  {entry.progress ? (
                    <>
                      <span>
                        {entry.progress.chapterTitle} · {formatDuration({ seconds: entry.progress.positionSecs })} /{' '}
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
  const [page, setPage] = useState(1);
  const state = useApi((signal) => libraryApi.history(page, { signal }), [page]);
  const [removed, setRemoved] = useState<Set<number>>(new Set());
  const [cleared, setCleared] = useState(false);
  const items =
    state.status === 'ready' && !cleared
      ? itemsOf<HistoryEntry>(state.data).filter((entry) => !removed.has(entry.book.id))
      : [];

  const removeOne = async (bookId: number) => {
    try {
      await libraryApi.clearHistory(bookId);
      setRemoved((current) => new Set(current).add(bookId));
    } catch {
      failed();
    }
  };
  const clearAll = async () => {
    try {
      await libraryApi.clearHistory();
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
          <ConfirmDialog
            trigger={
              <button type="button" className="button">
                {t('app.library.history.clearAll')}
              </button>
            }
            title={t('app.library.history.confirmClear')}
            confirmLabel={t('app.library.history.clearAll')}
            onConfirm={() => void clearAll()}
          />
        )}
      </div>
      {state.status === 'loading' && <Skeleton count={3} variant="row" />}
      {state.status === 'error' && <ErrorState error={state.error} onRetry={state.reload} />}
      {state.status === 'ready' &&
        (items.length === 0 ? (
          <EmptyState>{t('app.library.history.empty')}</EmptyState>
        ) : (
          <>
            <ol className="entry-list">
              {items.map((entry) => (
                <li key={entry.book.id} className="entry">
                  <Cover book={entry.book} size="sm" />
                  <div className="entry__text">
                    <LocalizedLink to={pathTo('bookDetail', { id: entry.book.id })}>{entry.book.title}</LocalizedLink>
                    <span>
                      {entry.chapter.title} · {formatDuration({ seconds: entry.positionSecs })} /{' '}
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
            <Pagination page={page} pageSize={state.data.pageSize || 20} total={state.data.total} onPage={setPage} />
          </>
        ))}
    </div>
  );
}
