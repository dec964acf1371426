// One file's upload as a row shows it: its progress bar with the percentage and bytes sent, its
// state, what to do about a failure (the server's words on what is wrong with the file), and the
// buttons to cancel it while it waits or sends, or to try it again once it failed — only when
// another try can succeed (core's `uploadRetryable`: never for a refused type or size).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '@/lib/core-pages';
import { ApiError } from '@/lib/http';
import { canRetryUpload, RefusedFile } from '@/lib/uploads';
import { useLang } from '@/lib/lang';
import type { Label } from '@/lib/i18n';
import type { UploadItem, UploadStatus } from './use-uploads';
import './upload.css';

const STATUS_LABEL = {
  queued: (t) => t('console.upload.status.queued'),
  sending: (t) => t('console.upload.status.sending'),
  done: (t) => t('console.upload.status.done'),
  failed: (t) => t('console.upload.status.failed'),
} satisfies Record<UploadStatus, Label>;

/** What a person can act on: the server's message and its word on the file, else a plain failure. */
export function useUploadErrorText(): (error: unknown) => string {
  const { t } = useTranslation('console');
  return (error) => {
    if (error instanceof RefusedFile) {
      return t('console.upload.refusedType', { found: error.found, accepted: error.accepted });
    }
    if (error instanceof ApiError) {
      if (error.statusCode === 0) return t('app.common.network');
      const detail = error.fields.file ?? error.fields.size;
      const text = [error.message, detail].filter(Boolean).join(' ');
      if (text) return text;
    }
    return t('console.upload.failed');
  };
}

export function UploadProgress({
  item,
  onCancel,
  onRetry,
}: {
  item: UploadItem;
  onCancel: () => void;
  onRetry: () => void;
}) {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  const errorText = useUploadErrorText();
  const name = item.file.name;
  const sent = item.status === 'done' ? item.total : item.sent;
  const percent = item.total > 0 ? Math.floor((sent / item.total) * 100) : 0;
  const size = (bytes: number) => formatFileSize({ bytes, lang });
  return (
    <div className={`upload-progress upload-progress--${item.status}`}>
      <progress max={Math.max(item.total, 1)} value={sent} aria-label={t('console.upload.progressLabel', { name })} />
      <p className="upload-progress__figures">
        <span aria-live="polite">{STATUS_LABEL[item.status](t)}</span>
        {item.status === 'queued' ? null : (
          <span>
            {t('console.upload.percent', { percent })}
            {' · '}
            {t('console.upload.sentOf', { sent: size(sent), total: size(item.total) })}
          </span>
        )}
      </p>
      {item.status === 'failed' ? (
        <p className="field__error" role="alert">
          {errorText(item.error)}
        </p>
      ) : null}
      <div className="upload-progress__actions">
        {item.status === 'queued' || item.status === 'sending' ? (
          <button
            type="button"
            className="button button--small"
            onClick={onCancel}
            aria-label={t('console.upload.cancelNamed', { name })}
          >
            {t('console.upload.cancel')}
          </button>
        ) : null}
        {item.status === 'failed' && canRetryUpload(item.error) ? (
          <button
            type="button"
            className="button button--small"
            onClick={onRetry}
            aria-label={t('console.upload.retryNamed', { name })}
          >
            {t('console.upload.retry')}
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** The files of an upload page, each with its progress; `details` adds what a finished one became. */
export function UploadList({
  items,
  onCancel,
  onRetry,
  details,
}: {
  items: UploadItem[];
  onCancel: (key: string) => void;
  onRetry: (key: string) => void;
  details?: (item: UploadItem) => ReactNode;
}) {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  if (items.length === 0) return null;
  return (
    <ul className="upload-list" aria-label={t('console.upload.listLabel')}>
      {items.map((item) => (
        <li key={item.key} className="upload-row">
          <p className="upload-row__name">
            <strong>{item.file.name}</strong>{' '}
            <span className="upload-row__size">{formatFileSize({ bytes: item.file.size, lang })}</span>
          </p>
          <UploadProgress item={item} onCancel={() => onCancel(item.key)} onRetry={() => onRetry(item.key)} />
          {item.status === 'done' && details ? details(item) : null}
        </li>
      ))}
    </ul>
  );
}
