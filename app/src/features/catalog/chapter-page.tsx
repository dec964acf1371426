// /books/{id}/chapters/{chapterId}: one chapter with its book, play button, access message and prev/next.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { RecordErrorState, Skeleton } from '@/components/async-state/async-state';
import { Cover } from '@/components/catalog/book-card';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { useViewer } from '@/features/auth/use-viewer';
import { AccessNotice, usePlayerController, usePlayerState } from '@/features/player';
import { formatDuration } from '@/lib/core';
import { usePageTitle } from '@/lib/page-title';
import { pathTo } from '@/lib/paths';
import { catalogQueries } from '@/lib/queries/catalog';
import { accessMarker } from './chapter-row';
import { DownloadChapterButton } from './download-chapter-button';
import '@/components/catalog/catalog-page.css';
import './catalog-pages.css';
import { MARKER_LABEL } from '@/components/catalog/labels';

export function ChapterPage() {
  const { t } = useTranslation();
  const chapterId = Number(useParams().chapterId);
  const player = usePlayerController();
  const playerState = usePlayerState();
  const chapter = useQuery(catalogQueries.chapter(useViewer(), chapterId));

  usePageTitle(chapter.data ? `${chapter.data.title} · ${chapter.data.book.title}` : null, 'record');

  if (chapter.isPending) return <Skeleton count={1} variant="row" />;
  if (chapter.isError) return <RecordErrorState error={chapter.error} onRetry={() => void chapter.refetch()} />;
  const data = chapter.data;
  const marker = accessMarker(data);
  const isCurrent = playerState.chapter?.id === data.id;

  return (
    <div className="catalog-page chapter-view">
      <nav className="breadcrumbs" aria-label={t('app.catalog.chapter.breadcrumbs')}>
        <LocalizedLink to={pathTo('bookDetail', { id: data.bookId })}>{data.book.title}</LocalizedLink>
      </nav>
      <div className="chapter-view__head">
        <Cover book={data.book} size="sm" />
        <div>
          <h1>{data.title}</h1>
          <p className="chapter-view__meta">
            {t('app.catalog.chapter.number', { index: data.index })} · {formatDuration({ seconds: data.durationSecs })}{' '}
            · <span className={`badge badge--${marker}`}>{MARKER_LABEL[marker](t)}</span>
          </p>
          <p className="chapter-view__meta">{data.book.author.name}</p>
        </div>
      </div>
      {data.audio ? (
        <button
          type="button"
          className="button button--primary"
          onClick={() =>
            isCurrent && playerState.status === 'ready'
              ? player.toggle()
              : void player.load(data.id, { autoplay: true })
          }
        >
          {isCurrent && playerState.playing ? t('app.player.pause') : t('app.catalog.chapter.play')}
        </button>
      ) : (
        <AccessNotice kind={data.access.kind} bookId={data.bookId} />
      )}
      {data.audio && <DownloadChapterButton chapter={data} />}
      <nav className="chapter-view__nav" aria-label={t('app.catalog.chapter.navigation')}>
        {data.prevId ? (
          <LocalizedLink className="button" to={pathTo('chapter', { id: data.bookId, chapterId: data.prevId })}>
            {t('app.catalog.chapter.previous')}
          </LocalizedLink>
        ) : (
          <span />
        )}
        {data.nextId && (
          <LocalizedLink className="button" to={pathTo('chapter', { id: data.bookId, chapterId: data.nextId })}>
            {t('app.catalog.chapter.next')}
          </LocalizedLink>
        )}
      </nav>
    </div>
  );
}
