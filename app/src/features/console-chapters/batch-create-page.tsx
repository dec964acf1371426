// /admin/books/:id/chapters/batch-create: many audio files dropped at once become new chapters at
// the end of the book. Each file uploads at once (at most three at a time) with its own progress;
// its title and place come from core's `chapterFromFileName` (by chapter number, then by name) and
// can be corrected row by row before saving; the server's probed length shows once it is stored,
// and the file's title tag, when it has one, replaces a title the editor has not changed.
// "Save" waits until every remaining file is stored, then appends them all in one request; the
// server's `chapters.<n>.<field>` errors show on their rows.
import { useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CheckField, TextField } from '@/components/form-field/form-field';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { useToast } from '@/components/toast/use-toast';
import { UploadProgress } from '@/components/upload/upload-progress';
import { UploadZone } from '@/components/upload/upload-zone';
import { useUploads, type UploadItem } from '@/components/upload/use-uploads';
import type { ChapterInput } from '@/lib/api/types';
import { formatDuration, formatNumber } from '@/lib/core';
import { chapterFromFileName, formatFileSize, validateChapter } from '@/lib/core-pages';
import { serverFields, useDescribeFailure, type FieldMessages } from '@/lib/form-errors';
import { useLang, useLocalize } from '@/lib/lang';
import { pathTo } from '@/lib/paths';
import { consoleQueries, useBatchCreateChapters } from '@/lib/queries/console';
import '@/components/console/console.css';
import './console-chapters.css';

/** At most this many files send at once. */
export const batchConcurrency = 3;

interface Row {
  /** The key of the row's upload. */
  key: string;
  title: string;
  /** The title guessed from the file's name, until its stored file's tags are read. */
  guessed: string;
  isFree: boolean;
}

type Guess = { file: File; number: number | null; title: string };

const byName = new Intl.Collator(undefined, { numeric: true });

/** Files with a chapter number first, by number; then the rest; ties by file name. */
function byNumberThenName(a: Guess, b: Guess): number {
  if (a.number !== b.number) {
    if (a.number === null) return 1;
    if (b.number === null) return -1;
    return a.number - b.number;
  }
  return byName.compare(a.file.name, b.file.name);
}

/** The server's and core's messages of row `index`: its title's, and any other field's. */
function rowErrors(errors: FieldMessages, index: number) {
  const prefix = `chapters.${index}.`;
  const others = Object.entries(errors)
    .filter(([key]) => key.startsWith(prefix) && key !== `${prefix}titleZh`)
    .map(([, message]) => message);
  return { title: errors[`${prefix}titleZh`], others };
}

function BatchRow({
  row,
  index,
  count,
  item,
  errors,
  onTitle,
  onFree,
  onMove,
  onRemove,
  onRetry,
}: {
  row: Row;
  index: number;
  count: number;
  item: UploadItem | undefined;
  errors: FieldMessages;
  onTitle: (title: string) => void;
  onFree: (isFree: boolean) => void;
  onMove: (direction: 'up' | 'down') => void;
  onRemove: () => void;
  onRetry: () => void;
}) {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  const { title, others } = rowErrors(errors, index);
  const asset = item?.view?.asset;
  return (
    <li data-row={row.key}>
      <fieldset className="batch-row">
        <legend>
          {t('console.batch.place', { place: formatNumber({ value: index + 1, lang }) })}
          {item ? <span className="batch-row__file"> · {item.file.name}</span> : null}
        </legend>
        <TextField
          label={t('console.batch.titleLabel')}
          markRequired
          value={row.title}
          onValueChange={onTitle}
          error={title}
        />
        {item ? (
          <p className="field__hint">
            {formatFileSize({ bytes: item.file.size, lang })}
            {asset
              ? ` · ${t('console.batch.duration', { duration: formatDuration({ seconds: asset.durationSecs }) })}`
              : null}
          </p>
        ) : null}
        {item ? <UploadProgress item={item} onCancel={onRemove} onRetry={onRetry} /> : null}
        {others.map((message) => (
          <p key={message} className="field__error" role="alert">
            {message}
          </p>
        ))}
        <div className="batch-row__actions">
          <CheckField label={t('console.batch.free')} checked={row.isFree} onCheckedChange={onFree} />
          <div className="console-row-actions">
            <button
              type="button"
              className="button button--small"
              data-move="up"
              disabled={index === 0}
              onClick={() => onMove('up')}
            >
              {t('console.batch.moveUp')}
            </button>
            <button
              type="button"
              className="button button--small"
              data-move="down"
              disabled={index === count - 1}
              onClick={() => onMove('down')}
            >
              {t('console.batch.moveDown')}
            </button>
            <button type="button" className="button button--small console-danger" onClick={onRemove}>
              {t('console.batch.remove')}
            </button>
          </div>
        </div>
      </fieldset>
    </li>
  );
}

export function AdminBookChapterBatchCreatePage() {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  const { toast } = useToast();
  const navigate = useNavigate();
  const localize = useLocalize();
  const describeFailure = useDescribeFailure();
  const bookId = Number(useParams().id);
  const list = useQuery(consoleQueries.bookChapters(bookId));
  const uploads = useUploads({
    concurrency: batchConcurrency,
    // The stored file's title tag names the chapter, unless the editor already renamed it.
    onDone: ({ key, file, view }) => {
      const titleTag = view?.asset?.tags.title ?? null;
      if (!titleTag) return;
      const { title } = chapterFromFileName({ fileName: file.name, titleTag });
      setRows((current) =>
        current.map((row) => (row.key === key && row.title === row.guessed ? { ...row, title } : row)),
      );
    },
  });
  const batch = useBatchCreateChapters();
  const [rows, setRows] = useState<Row[]>([]);
  const [published, setPublished] = useState(true);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [failure, setFailure] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const titleId = useId();
  // After a move the pressed button keeps the focus; after a refused save the first row in error gets it.
  const focus = useRef<{ key: string; direction: 'up' | 'down' } | 'invalid' | null>(null);
  useEffect(() => {
    const target = focus.current;
    focus.current = null;
    if (target === 'invalid') {
      listRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    } else if (target) {
      const row = listRef.current?.querySelector(`[data-row="${target.key}"]`);
      (
        row?.querySelector<HTMLButtonElement>(`[data-move="${target.direction}"]:not(:disabled)`) ??
        row?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)')
      )?.focus();
    }
  }, [rows, errors]);

  const items = new Map(uploads.items.map((item) => [item.key, item]));
  const stored = rows.filter((row) => items.get(row.key)?.status === 'done').length;
  const failed = rows.filter((row) => items.get(row.key)?.status === 'failed').length;
  const ready = rows.length > 0 && stored === rows.length;

  const addFiles = (files: File[]) => {
    const guesses = files
      .map((file): Guess => ({ file, ...chapterFromFileName({ fileName: file.name }) }))
      .sort(byNumberThenName);
    const keys = uploads.add(
      guesses.map((guess) => guess.file),
      'audio',
    );
    setRows((current) => [
      ...current,
      ...guesses.map((guess, index): Row => ({
        key: keys[index],
        title: guess.title,
        guessed: guess.title,
        isFree: false,
      })),
    ]);
  };
  const change = (key: string, patch: Partial<Row>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  // A moved or removed row changes the places the messages name: they go, and come back on saving.
  const move = (index: number, direction: 'up' | 'down') => {
    const to = direction === 'up' ? index - 1 : index + 1;
    focus.current = { key: rows[index].key, direction };
    setErrors({});
    setRows((current) => {
      const next = [...current];
      const [row] = next.splice(index, 1);
      next.splice(to, 0, row);
      return next;
    });
  };
  const remove = (key: string) => {
    uploads.cancel(key);
    setErrors({});
    setRows((current) => current.filter((row) => row.key !== key));
  };

  const save = async () => {
    setFailure(null);
    const found: FieldMessages = {};
    const chapters: ChapterInput[] = [];
    rows.forEach((row, index) => {
      const checked = validateChapter({
        titleZh: row.title,
        assetId: items.get(row.key)?.view?.asset?.id ?? null,
        isFree: row.isFree,
        published,
        lang,
      });
      if (checked.kind === 'valid') chapters.push(checked.chapter);
      else for (const error of checked.errors) found[`chapters.${index}.${error.field}`] ??= error.message;
    });
    if (Object.keys(found).length > 0) {
      focus.current = 'invalid';
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const created = await batch.mutateAsync({ bookId, chapters });
      toast({
        color: 'success',
        icon: 'success',
        title: t('console.batch.saved', {
          count: created.length,
          formatted: formatNumber({ value: created.length, lang }),
        }),
      });
      navigate(localize(pathTo('adminBookChapters', { id: bookId })));
    } catch (error) {
      focus.current = 'invalid';
      setErrors(serverFields(error));
      setFailure(describeFailure(error));
    }
  };

  const existing = list.data?.chapters.length ?? 0;
  const waiting = rows.length - stored - failed;
  return (
    <div className="console-page">
      <p className="console-back">
        <LocalizedLink to={pathTo('adminBookChapters', { id: bookId })}>{t('console.chapterForm.back')}</LocalizedLink>
      </p>
      <h1>
        {list.data
          ? t('console.batch.title', { title: list.data.book.titleZh })
          : t('console.routes.adminChapterBatchCreate')}
      </h1>
      <p className="field__hint">{t('console.batch.lead')}</p>
      {existing > 0 ? (
        <p className="field__hint">
          {t('console.batch.appendNote', { count: existing, formatted: formatNumber({ value: existing, lang }) })}
        </p>
      ) : null}
      <UploadZone kind="audio" multiple label={t('console.batch.choose')} onFiles={addFiles} />
      {rows.length > 0 ? (
        <section className="console-fieldset" aria-labelledby={titleId}>
          <h2 id={titleId} className="batch-title">
            {t('console.batch.list')}
          </h2>
          <ol ref={listRef} className="batch-list">
            {rows.map((row, index) => (
              <BatchRow
                key={row.key}
                row={row}
                index={index}
                count={rows.length}
                item={items.get(row.key)}
                errors={errors}
                onTitle={(title) => {
                  change(row.key, { title });
                  setErrors(({ [`chapters.${index}.titleZh`]: _dropped, ...rest }) => rest);
                }}
                onFree={(isFree) => change(row.key, { isFree })}
                onMove={(direction) => move(index, direction)}
                onRemove={() => remove(row.key)}
                onRetry={() => uploads.retry(row.key)}
              />
            ))}
          </ol>
          <CheckField label={t('console.batch.publish')} checked={published} onCheckedChange={setPublished} />
          <p className="field__hint" aria-live="polite">
            {failed > 0
              ? t('console.batch.failedFiles', { count: failed, formatted: formatNumber({ value: failed, lang }) })
              : waiting > 0
                ? t('console.batch.waiting', { count: waiting, formatted: formatNumber({ value: waiting, lang }) })
                : t('console.batch.ready')}
          </p>
          {failure ? (
            <p className="console-alert" role="alert">
              {failure}
            </p>
          ) : null}
          <div className="console-actions">
            <button
              type="button"
              className="button button--primary"
              disabled={!ready || batch.isPending}
              onClick={() => void save()}
            >
              {batch.isPending
                ? t('console.form.saving')
                : t('console.batch.save', {
                    count: rows.length,
                    formatted: formatNumber({ value: rows.length, lang }),
                  })}
            </button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
