// /admin/tools/data-import: books and chapters from a CSV or JSON file. A check (dry run) lists
// every bad record with its field and why; the import itself writes all or nothing, with a
// progress bar while the server works through the records.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/core';
import { formatFileSize } from '@/lib/core-pages';
import { useExplainFailure } from '@/lib/form-errors';
import { useLang } from '@/lib/lang';
import { importJob, startImport, type ImportJob } from '@/lib/transfer-api';
import '@/components/console/console.css';
import './console-transfer.css';

/** How often a running import is asked how far it got. */
export const pollMs = 400;

/** Follows job `id` until it is no longer running. */
async function finished(id: string, onProgress: (job: ImportJob) => void): Promise<ImportJob> {
  for (;;) {
    const job = await importJob(id);
    onProgress(job);
    if (job.status !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

export function AdminDataImportPage() {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  const explain = useExplainFailure();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [job, setJob] = useState<ImportJob | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  const run = async (dryRun: boolean) => {
    if (!file) return;
    setBusy(true);
    setFailure(null);
    try {
      const started = await startImport(file, dryRun);
      setJob(started);
      const done = await finished(started.id, (current) => alive.current && setJob(current));
      if (done.status === 'failed') setFailure(done.error ?? t('console.transfer.import.failed'));
    } catch (error) {
      setFailure(explain(error));
    } finally {
      if (alive.current) setBusy(false);
    }
  };

  const report = job?.report ?? null;
  const checkedClean = report?.dryRun === true && report.errorCount === 0;
  const number = (value: number) => formatNumber({ value, lang });
  return (
    <div className="console-page">
      <h1>{t('console.transfer.import.title')}</h1>
      <p className="field__hint">{t('console.transfer.import.lead')}</p>
      <details className="transfer-help">
        <summary>{t('console.transfer.import.formats')}</summary>
        <p>{t('console.transfer.import.booksCsv')}</p>
        <p>{t('console.transfer.import.chaptersCsv')}</p>
        <p>{t('console.transfer.import.json')}</p>
      </details>
      <div className="console-fieldset">
        <label htmlFor={inputId} className="field__label">
          {t('console.transfer.import.file')}
        </label>
        <input
          id={inputId}
          type="file"
          accept=".csv,.json,text/csv,application/json"
          disabled={busy}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setJob(null);
            setFailure(null);
          }}
        />
        {file ? (
          <p className="field__hint">
            {t('console.transfer.import.chosen', { name: file.name, size: formatFileSize({ bytes: file.size, lang }) })}
          </p>
        ) : null}
        <div className="transfer-actions">
          <button type="button" className="button" disabled={!file || busy} onClick={() => void run(true)}>
            {t('console.transfer.import.check')}
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={!file || busy || !checkedClean}
            onClick={() => void run(false)}
          >
            {t('console.transfer.import.run')}
          </button>
        </div>
        {!checkedClean && file && !busy ? (
          <p className="field__hint">{t('console.transfer.import.checkFirst')}</p>
        ) : null}
      </div>

      {job && job.status === 'running' ? (
        <div className="transfer-progress" role="status">
          <progress
            max={Math.max(job.total, 1)}
            value={job.processed}
            aria-label={t('console.transfer.import.progressLabel')}
          />
          <span>
            {job.total > 0
              ? t('console.transfer.import.progress', { done: number(job.processed), total: number(job.total) })
              : t('console.transfer.import.reading')}
          </span>
        </div>
      ) : null}

      {failure ? (
        <p className="console-alert" role="alert">
          {failure}
        </p>
      ) : null}

      {report ? (
        <section className="console-fieldset" aria-live="polite">
          <h2>
            {report.written
              ? t('console.transfer.import.written', { books: number(report.books), chapters: number(report.chapters) })
              : report.errorCount > 0
                ? t('console.transfer.import.refused', {
                    count: report.errorCount,
                    formatted: number(report.errorCount),
                  })
                : t('console.transfer.import.clean', {
                    books: number(report.books),
                    chapters: number(report.chapters),
                  })}
          </h2>
          {report.errors.length > 0 ? (
            <div className="table-scroll">
              <table className="console-table">
                <caption className="visually-hidden">{t('console.transfer.import.errorsCaption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('console.transfer.import.record')}</th>
                    <th scope="col">{t('console.transfer.import.field')}</th>
                    <th scope="col">{t('console.transfer.import.problem')}</th>
                  </tr>
                </thead>
                <tbody>
                  {report.errors.map((error, n) => (
                    <tr key={`${error.record}-${error.field}-${n}`}>
                      <td>{error.record}</td>
                      <td>
                        <code>{error.field}</code>
                      </td>
                      <td>{error.message}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          {report.errorCount > report.errors.length ? (
            <p className="field__hint">
              {t('console.transfer.import.more', { formatted: number(report.errorCount - report.errors.length) })}
            </p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
