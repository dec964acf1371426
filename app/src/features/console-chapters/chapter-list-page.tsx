// /admin/books/:id/chapters: every chapter of a book in order, published or not, with its length,
// audio, access, price and state. Rows are reordered by dragging or with their move buttons (the
// new order is saved at once and put back when the server refuses), previewed, edited, deleted,
// or chosen with checkboxes for a bulk action. An empty book invites a batch upload.
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Skeleton } from '@/components/async-state/async-state';
import { PreviewPlayer, useAudioPreview } from '@/components/console/audio-preview';
import { ConfirmButton } from '@/components/overlay/confirm-button';
import { ConsoleTable, type Column } from '@/components/console/console-table';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { useToast } from '@/components/toast/use-toast';
import type { AdminChapter, AdminChapterList } from '@/lib/api/types';
import { formatDuration, formatNumber } from '@/lib/core';
import { serverFields, useDescribeFailure } from '@/lib/form-errors';
import { useLang } from '@/lib/lang';
import { pathTo } from '@/lib/paths';
import { consoleQueries, useDeleteChapter, useReorderChapters } from '@/lib/queries/console';
import { BulkActions } from './bulk-actions';
import { ACCESS_LABEL, chapterAccessOf, chapterPrice, PUBLISHED_LABEL } from './labels';
import '@/components/catalog/catalog-page.css';
import '@/components/console/console.css';
import './console-chapters.css';

type Direction = 'up' | 'down';

function ChapterTable({ list }: { list: AdminChapterList }) {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  const { toast } = useToast();
  const describeFailure = useDescribeFailure();
  const bookId = list.book.id;
  const { chapters } = list;
  const reorder = useReorderChapters(bookId);
  const remove = useDeleteChapter();
  const { preview, playChapter, close } = useAudioPreview();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [dragging, setDragging] = useState<number | null>(null);
  const [dropTarget, setDropTarget] = useState<number | null>(null);
  const [moved, setMoved] = useState('');
  const tableRef = useRef<HTMLDivElement>(null);
  // The move button pressed keeps the focus when its row has moved (or its twin, at an end).
  const refocus = useRef<{ id: number; direction: Direction } | null>(null);
  useEffect(() => {
    const target = refocus.current;
    if (!target) return;
    refocus.current = null;
    const row = tableRef.current?.querySelector(`[data-chapter="${target.id}"]`);
    const button =
      row?.querySelector<HTMLButtonElement>(`[data-move="${target.direction}"]:not(:disabled)`) ??
      row?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)');
    button?.focus();
  }, [chapters]);

  const chosen = chapters.filter((chapter) => selected.has(chapter.id)).map((chapter) => chapter.id);
  const allChosen = chosen.length === chapters.length;
  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const move = (from: number, to: number) => {
    if (from === to || from < 0 || to < 0 || to >= chapters.length) return;
    const ids = chapters.map((chapter) => chapter.id);
    const [id] = ids.splice(from, 1);
    ids.splice(to, 0, id);
    const title = chapters[from].titleZh;
    setMoved(t('console.chapters.moved', { title, place: to + 1 }));
    reorder.mutate(ids, {
      onError: (error) => {
        const reason = describeFailure(error) ?? Object.values(serverFields(error)).join(' ');
        setMoved('');
        toast({ color: 'error', icon: 'error', title: t('console.chapters.orderFailed', { reason }) });
      },
    });
  };
  const moveBy = (index: number, direction: Direction) => {
    refocus.current = { id: chapters[index].id, direction };
    move(index, direction === 'up' ? index - 1 : index + 1);
  };

  const dragProps = (chapter: AdminChapter, index: number) => ({
    draggable: true,
    onDragStart: (event: DragEvent) => {
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', String(chapter.id));
      setDragging(chapter.id);
    },
    onDragOver: (event: DragEvent) => {
      if (dragging === null) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      setDropTarget(chapter.id);
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      const from = chapters.findIndex((row) => row.id === dragging);
      setDragging(null);
      setDropTarget(null);
      if (from >= 0) move(from, index);
    },
    onDragEnd: () => {
      setDragging(null);
      setDropTarget(null);
    },
  });

  const deleteChapter = async (chapter: AdminChapter) => {
    try {
      await remove.mutateAsync(chapter.id);
      toast({ color: 'success', icon: 'success', title: t('console.chapters.deleted', { title: chapter.titleZh }) });
    } catch {
      toast({ color: 'error', icon: 'error', title: t('app.common.actionFailed') });
    }
  };

  const columns: Column[] = [
    {
      key: 'select',
      heading: (
        <input
          type="checkbox"
          checked={allChosen}
          onChange={(event) => setSelected(event.target.checked ? new Set(chapters.map((c) => c.id)) : new Set())}
          aria-label={t('console.chapters.selectAll')}
        />
      ),
    },
    { key: 'place', heading: t('console.chapters.columns.place'), numeric: true },
    { key: 'title', heading: t('console.chapters.columns.title') },
    { key: 'duration', heading: t('console.chapters.columns.duration'), numeric: true },
    { key: 'audio', heading: t('console.chapters.columns.audio') },
    { key: 'access', heading: t('console.chapters.columns.access') },
    { key: 'price', heading: t('console.chapters.columns.price'), numeric: true },
    { key: 'published', heading: t('console.chapters.columns.published') },
    { key: 'order', heading: t('console.chapters.columns.order') },
    { key: 'actions', heading: t('console.chapters.columns.actions') },
  ];

  return (
    <>
      <BulkActions bookId={bookId} chosen={chosen} onDone={() => setSelected(new Set())} />
      <PreviewPlayer preview={preview} onClose={close} />
      <p className="visually-hidden" role="status">
        {moved}
      </p>
      <p className="field__hint">{t('console.chapters.orderHint')}</p>
      <div ref={tableRef}>
        <ConsoleTable label={t('console.chapters.table')} columns={columns}>
          {chapters.map((chapter, index) => {
            const title = chapter.titleZh;
            const access = chapterAccessOf(list.book, chapter);
            const classes = [
              dragging === chapter.id ? 'chapter-row--dragging' : '',
              dropTarget === chapter.id && dragging !== chapter.id ? 'chapter-row--target' : '',
            ].join(' ');
            return (
              <tr
                key={chapter.id}
                data-chapter={chapter.id}
                className={classes.trim() || undefined}
                aria-selected={selected.has(chapter.id)}
                {...dragProps(chapter, index)}
              >
                <td>
                  <input
                    type="checkbox"
                    checked={selected.has(chapter.id)}
                    onChange={(event) => toggle(chapter.id, event.target.checked)}
                    aria-label={t('console.chapters.select', { title })}
                  />
                </td>
                <td className="console-num">
                  <span className="chapter-grip" aria-hidden="true" title={t('console.chapters.drag')}>
                    ⠿
                  </span>{' '}
                  {formatNumber({ value: index + 1, lang })}
                </td>
                <th scope="row">
                  <LocalizedLink to={pathTo('adminBookChapterEdit', { id: bookId, chapterId: chapter.id })}>
                    {title}
                  </LocalizedLink>
                  {chapter.titleEn ? <span className="console-sub">{chapter.titleEn}</span> : null}
                </th>
                <td className="console-num">
                  {chapter.asset ? formatDuration({ seconds: chapter.durationSecs }) : '—'}
                </td>
                <td>
                  {chapter.asset ? (
                    <span className="chapter-file">{chapter.asset.originalName ?? chapter.asset.mime}</span>
                  ) : (
                    <span className="console-badge console-badge--warn">{t('console.chapters.noAudio')}</span>
                  )}
                </td>
                <td>
                  <span className={`console-badge console-badge--${access === 'free' ? 'on' : 'off'}`}>
                    {ACCESS_LABEL[access](t)}
                  </span>
                </td>
                <td className="console-num">{chapterPrice(chapter, lang) ?? '—'}</td>
                <td>
                  <span className={`console-badge console-badge--${chapter.published ? 'on' : 'off'}`}>
                    {PUBLISHED_LABEL[chapter.published ? 'true' : 'false'](t)}
                  </span>
                </td>
                <td>
                  <div className="console-row-actions">
                    <button
                      type="button"
                      className="button button--small"
                      data-move="up"
                      disabled={index === 0}
                      aria-label={t('console.chapters.moveUpNamed', { title })}
                      onClick={() => moveBy(index, 'up')}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="button button--small"
                      data-move="down"
                      disabled={index === chapters.length - 1}
                      aria-label={t('console.chapters.moveDownNamed', { title })}
                      onClick={() => moveBy(index, 'down')}
                    >
                      ↓
                    </button>
                  </div>
                </td>
                <td>
                  <div className="console-row-actions">
                    {chapter.asset ? (
                      <button
                        type="button"
                        className="button button--small"
                        aria-label={t('console.chapters.playNamed', { title })}
                        onClick={() => void playChapter(chapter.id, title)}
                      >
                        {t('console.chapters.play')}
                      </button>
                    ) : null}
                    <LocalizedLink
                      className="button button--small"
                      to={pathTo('adminBookChapterEdit', { id: bookId, chapterId: chapter.id })}
                      aria-label={t('console.chapters.editNamed', { title })}
                    >
                      {t('console.chapters.edit')}
                    </LocalizedLink>
                    <ConfirmButton
                      label={t('console.chapters.delete')}
                      ariaLabel={t('console.chapters.deleteNamed', { title })}
                      className="button button--small console-danger"
                      disabled={remove.isPending}
                      title={t('console.chapters.deleteTitle', { title })}
                      onConfirm={() => void deleteChapter(chapter)}
                    />
                  </div>
                </td>
              </tr>
            );
          })}
        </ConsoleTable>
      </div>
    </>
  );
}

export function AdminBookChaptersPage() {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  const bookId = Number(useParams().id);
  const list = useQuery(consoleQueries.bookChapters(bookId));
  const batch = (
    <LocalizedLink className="button button--primary" to={pathTo('adminBookChapterBatchCreate', { id: bookId })}>
      {t('console.chapters.batch')}
    </LocalizedLink>
  );
  const book = list.data?.book;
  const count = list.data?.chapters.length ?? 0;

  return (
    <div className="console-page">
      <p className="console-back">
        <LocalizedLink to={pathTo('adminBooks')}>{t('console.books.back')}</LocalizedLink>
      </p>
      <header className="console-head">
        <h1>{book ? t('console.chapters.title', { title: book.titleZh }) : t('console.routes.adminBookChapters')}</h1>
        <nav className="console-actions" aria-label={t('console.chapters.actionsLabel')}>
          <LocalizedLink className="button" to={pathTo('adminBookEdit', { id: bookId })}>
            {t('console.chapters.editBook')}
          </LocalizedLink>
          <LocalizedLink className="button" to={pathTo('adminBookChapterCreate', { id: bookId })}>
            {t('console.chapters.create')}
          </LocalizedLink>
          {batch}
          <LocalizedLink className="button" to={pathTo('adminBookChapterAnalytics', { id: bookId })}>
            {t('console.chapters.analytics')}
          </LocalizedLink>
        </nav>
      </header>
      {book && count > 0 ? (
        <p className="result-count">
          {t('console.chapters.summary', {
            count,
            formatted: formatNumber({ value: count, lang }),
            published: formatNumber({ value: book.chapterCount, lang }),
            duration: formatDuration({ seconds: book.totalDurationSecs }),
          })}
        </p>
      ) : null}
      {list.isPending && <Skeleton count={6} variant="row" />}
      {list.isError && <ErrorState error={list.error} onRetry={() => void list.refetch()} />}
      {list.isSuccess && count === 0 && <EmptyState action={batch}>{t('console.chapters.empty')}</EmptyState>}
      {list.isSuccess && count > 0 && <ChapterTable list={list.data} />}
    </div>
  );
}
