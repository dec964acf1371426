// /admin/export: books, chapters and users as CSV or JSON, downloaded as the server streams
// them, with a progress bar of the rows received. Only the kinds the user may export are offered
// (core's `exportKinds`, the permission each kind needs, as the server's routes check it).
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toGuardUser, useCurrentUser } from '@/features/auth/use-auth';
import { formatNumber } from '@/lib/core';
import { exportKinds } from '@/lib/core-pages';
import { useExplainFailure } from '@/lib/form-errors';
import type { Label } from '@/lib/i18n';
import { useLang } from '@/lib/lang';
import { downloadExport, type ExportFormat, type ExportKind } from '@/lib/transfer-api';
import '@/components/console/console.css';
import './console-transfer.css';

const KINDS = {
  books: (t) => t('console.transfer.export.kinds.books'),
  chapters: (t) => t('console.transfer.export.kinds.chapters'),
  users: (t) => t('console.transfer.export.kinds.users'),
} satisfies Record<ExportKind, Label>;

/** Hands the browser `blob` to save as `name`. */
function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function AdminExportPage() {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  const explain = useExplainFailure();
  const id = useId();
  const offered = exportKinds({ user: toGuardUser(useCurrentUser()) });
  const [chosen, setKind] = useState<ExportKind | null>(null);
  const kind = chosen !== null && offered.includes(chosen) ? chosen : (offered[0] ?? null);
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [rows, setRows] = useState<{ received: number; total: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const stop = useRef<AbortController | null>(null);
  useEffect(() => () => stop.current?.abort(), []);

  const download = async () => {
    if (kind === null) return;
    setBusy(true);
    setFailure(null);
    setSaved(null);
    setRows({ received: 0, total: 0 });
    stop.current = new AbortController();
    try {
      const { blob, name } = await downloadExport(
        kind,
        format,
        (received, total) => setRows({ received, total }),
        stop.current.signal,
      );
      save(blob, name);
      setSaved(name);
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) setFailure(explain(error));
    } finally {
      setBusy(false);
    }
  };
  const number = (value: number) => formatNumber({ value, lang });

  return (
    <div className="console-page">
      <h1>{t('console.transfer.export.title')}</h1>
      <p className="field__hint">{t('console.transfer.export.lead')}</p>
      <div className="console-fieldset">
        <fieldset className="transfer-choice">
          <legend>{t('console.transfer.export.what')}</legend>
          {offered.map((value) => (
            <label key={value} htmlFor={`${id}-${value}`}>
              <input
                id={`${id}-${value}`}
                type="radio"
                name={`${id}-kind`}
                checked={kind === value}
                disabled={busy}
                onChange={() => setKind(value)}
              />
              {KINDS[value](t)}
            </label>
          ))}
        </fieldset>
        <fieldset className="transfer-choice">
          <legend>{t('console.transfer.export.format')}</legend>
          {(['csv', 'json'] as const).map((value) => (
            <label key={value} htmlFor={`${id}-${value}`}>
              <input
                id={`${id}-${value}`}
                type="radio"
                name={`${id}-format`}
                checked={format === value}
                disabled={busy}
                onChange={() => setFormat(value)}
              />
              {value.toUpperCase()}
            </label>
          ))}
        </fieldset>
        <div className="transfer-actions">
          <button
            type="button"
            className="button button--primary"
            disabled={busy || kind === null}
            onClick={() => void download()}
          >
            {t('console.transfer.export.download')}
          </button>
          {busy ? (
            <button type="button" className="button" onClick={() => stop.current?.abort()}>
              {t('console.transfer.export.stop')}
            </button>
          ) : null}
        </div>
      </div>
      {busy && rows ? (
        <div className="transfer-progress" role="status">
          <progress
            max={Math.max(rows.total, 1)}
            value={rows.received}
            aria-label={t('console.transfer.export.progressLabel')}
          />
          <span>
            {t('console.transfer.export.progress', { done: number(rows.received), total: number(rows.total) })}
          </span>
        </div>
      ) : null}
      {saved ? (
        <p role="status">{t('console.transfer.export.saved', { name: saved, rows: number(rows?.total ?? 0) })}</p>
      ) : null}
      {failure ? (
        <p className="console-alert" role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
