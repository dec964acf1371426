// /admin/storage (manage:system): where the files are kept (backend and location), the files by
// kind with their sizes, the data disk's free space on a meter, uploads in progress and failed; a
// consistency check of the whole store (it can take a while: an indeterminate bar, the page stays
// usable) listing orphan objects and files whose object is missing; and the removal of orphans
// older than an hour, once confirmed, which says what it removed and checks again.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Skeleton } from '@/components/async-state/async-state';
import { ConfirmButton } from '@/components/overlay/confirm-button';
import { ConsoleTable, type Column } from '@/components/console/console-table';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { useToast } from '@/components/toast/use-toast';
import { useCurrentUser } from '@/features/auth/use-auth';
import type { StorageCheck, StorageCleanup, StorageSummary } from '@/lib/api/types';
import { formatNumber } from '@/lib/core';
import { formatFileSize, formatSmartTime } from '@/lib/core-pages';
import { useDescribeFailure } from '@/lib/form-errors';
import { useLang } from '@/lib/lang';
import { pathTo } from '@/lib/paths';
import { consoleQueries, useCheckStorage, useCleanStorage } from '@/lib/queries/console';
import { kindText, STORAGE_KIND_LABEL } from './labels';
import '@/components/console/console.css';
import './console-files.css';

function useFormat() {
  const { lang } = useLang();
  const timezone = useCurrentUser()?.preferences.timezone;
  return {
    num: (value: number) => formatNumber({ value, lang }),
    size: (bytes: number) => formatFileSize({ bytes, lang }),
    time: (timestampMs: number) => formatSmartTime({ timestampMs, nowMs: Date.now(), lang, timezone }),
  };
}

function Summary({ summary }: { summary: StorageSummary }) {
  const { t } = useTranslation('console');
  const { num, size } = useFormat();
  const free = summary.diskFreeBytes;
  const total = summary.diskTotalBytes;
  const columns: Column[] = [
    { key: 'kind', heading: t('console.storage.columns.kind') },
    { key: 'count', heading: t('console.storage.columns.count'), numeric: true },
    { key: 'bytes', heading: t('console.storage.columns.bytes'), numeric: true },
  ];
  return (
    <div className="storage-panels">
      <section className="storage-panel card" aria-labelledby="storage-backend">
        <h2 id="storage-backend">{t('console.storage.backend')}</h2>
        <dl className="storage-facts">
          <div>
            <dt>{t('console.storage.kind')}</dt>
            <dd>{STORAGE_KIND_LABEL[summary.kind](t)}</dd>
          </div>
          <div>
            <dt>{t('console.storage.location')}</dt>
            <dd>
              <code>{summary.location}</code>
            </dd>
          </div>
        </dl>
      </section>
      <section className="storage-panel card" aria-labelledby="storage-disk">
        <h2 id="storage-disk">{t('console.storage.disk')}</h2>
        {free != null && total != null && total > 0 ? (
          <>
            <meter
              className="storage-meter"
              min={0}
              max={total}
              value={total - free}
              high={total * 0.9}
              optimum={0}
              aria-label={t('console.storage.diskUsed')}
            />
            <p>{t('console.storage.diskFree', { free: size(free), total: size(total) })}</p>
          </>
        ) : (
          <p className="field__hint">{t('console.storage.diskUnknown')}</p>
        )}
      </section>
      <section className="storage-panel card" aria-labelledby="storage-uploads">
        <h2 id="storage-uploads">{t('console.storage.uploads')}</h2>
        <dl className="storage-facts">
          <div>
            <dt>{t('console.storage.receiving')}</dt>
            <dd>
              {t('console.storage.receivingValue', {
                count: summary.receivingUploads,
                formatted: num(summary.receivingUploads),
                size: size(summary.partBytes),
              })}
            </dd>
          </div>
          <div>
            <dt>{t('console.storage.failed')}</dt>
            <dd>{num(summary.failedUploads)}</dd>
          </div>
        </dl>
      </section>
      <section className="storage-panel storage-panel--wide card" aria-labelledby="storage-files">
        <h2 id="storage-files">{t('console.storage.files')}</h2>
        {summary.files.length === 0 ? (
          <p className="field__hint">{t('console.storage.noFiles')}</p>
        ) : (
          <ConsoleTable label={t('console.storage.filesTable')} columns={columns} narrow>
            {summary.files.map((row) => (
              <tr key={row.kind}>
                <th scope="row">{kindText(row.kind, t)}</th>
                <td className="console-num">{num(row.count)}</td>
                <td className="console-num">{size(row.bytes)}</td>
              </tr>
            ))}
          </ConsoleTable>
        )}
      </section>
    </div>
  );
}

function CheckResult({ result }: { result: StorageCheck }) {
  const { t } = useTranslation('console');
  const { num, size, time } = useFormat();
  const orphanColumns: Column[] = [
    { key: 'key', heading: t('console.storage.columns.key') },
    { key: 'bytes', heading: t('console.storage.columns.bytes'), numeric: true },
    { key: 'modified', heading: t('console.storage.columns.modified') },
  ];
  const missingColumns: Column[] = [
    { key: 'file', heading: t('console.storage.columns.file') },
    { key: 'kind', heading: t('console.storage.columns.kind') },
    { key: 'key', heading: t('console.storage.columns.key') },
  ];
  return (
    <div className="storage-result">
      <dl className="storage-facts">
        <div>
          <dt>{t('console.storage.objects')}</dt>
          <dd>
            {t('console.storage.countAndSize', {
              count: result.objects,
              formatted: num(result.objects),
              size: size(result.objectBytes),
            })}
          </dd>
        </div>
        <div>
          <dt>{t('console.storage.orphans')}</dt>
          <dd>
            {t('console.storage.countAndSize', {
              count: result.orphanCount,
              formatted: num(result.orphanCount),
              size: size(result.orphanBytes),
            })}
          </dd>
        </div>
        <div>
          <dt>{t('console.storage.missing')}</dt>
          <dd>{num(result.missingCount)}</dd>
        </div>
        <div>
          <dt>{t('console.storage.checkedAt')}</dt>
          <dd>{time(result.checkedAt)}</dd>
        </div>
      </dl>

      <h3>{t('console.storage.orphansTitle')}</h3>
      <p className="field__hint">{t('console.storage.orphansAbout')}</p>
      {result.orphanCount === 0 ? (
        <EmptyState>{t('console.storage.noOrphans')}</EmptyState>
      ) : (
        <>
          {result.orphanCount > result.orphans.length ? (
            <p className="field__hint">
              {t('console.storage.orphansShown', {
                shown: num(result.orphans.length),
                count: result.orphanCount,
                formatted: num(result.orphanCount),
              })}
            </p>
          ) : null}
          <ConsoleTable label={t('console.storage.orphansTitle')} columns={orphanColumns} narrow>
            {result.orphans.map((orphan) => (
              <tr key={orphan.key}>
                <th scope="row">
                  <code className="storage-key">{orphan.key}</code>
                </th>
                <td className="console-num">{size(orphan.bytes)}</td>
                <td>{time(orphan.lastModified)}</td>
              </tr>
            ))}
          </ConsoleTable>
        </>
      )}

      <h3>{t('console.storage.missingTitle')}</h3>
      {result.missingCount === 0 ? (
        <EmptyState>{t('console.storage.noMissing')}</EmptyState>
      ) : (
        <ConsoleTable label={t('console.storage.missingTitle')} columns={missingColumns} narrow>
          {result.missing.map((missing) => (
            <tr key={missing.assetId}>
              <th scope="row">
                <LocalizedLink to={`${pathTo('adminFiles')}?q=${missing.assetId}`}>
                  {missing.originalName ?? t('console.storage.fileId', { id: missing.assetId })}
                </LocalizedLink>
              </th>
              <td>{kindText(missing.kind, t)}</td>
              <td>
                <code className="storage-key">{missing.key}</code>
              </td>
            </tr>
          ))}
        </ConsoleTable>
      )}
    </div>
  );
}

function ConsistencyCheck() {
  const { t } = useTranslation('console');
  const { toast } = useToast();
  const describeFailure = useDescribeFailure();
  const { num, size } = useFormat();
  const check = useCheckStorage();
  const clean = useCleanStorage();
  // The last answer stays on screen while the store is checked again.
  const [result, setResult] = useState<StorageCheck | null>(null);
  const [cleanup, setCleanup] = useState<StorageCleanup | null>(null);
  const runCheck = () => check.mutate(undefined, { onSuccess: setResult });
  const runClean = async () => {
    try {
      setCleanup(await clean.mutateAsync());
      runCheck();
    } catch (error) {
      toast({ color: 'error', icon: 'error', title: describeFailure(error) ?? t('app.common.actionFailed') });
    }
  };
  const busy = check.isPending || clean.isPending;

  return (
    <section className="storage-check card" aria-labelledby="storage-check" aria-busy={busy}>
      <h2 id="storage-check">{t('console.storage.checkTitle')}</h2>
      <p className="field__hint">{t('console.storage.checkAbout')}</p>
      <div className="console-actions">
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => {
            setCleanup(null);
            runCheck();
          }}
        >
          {t('console.storage.runCheck')}
        </button>
        {result && result.orphanCount > 0 ? (
          <ConfirmButton
            label={t('console.storage.clean')}
            className="button console-danger"
            disabled={busy}
            title={t('console.storage.cleanTitle')}
            description={t('console.storage.cleanDescription')}
            onConfirm={() => void runClean()}
          />
        ) : null}
      </div>
      {busy ? (
        <div className="storage-progress" role="status">
          <progress aria-label={t('console.storage.checking')} />
          <span>{clean.isPending ? t('console.storage.cleaning') : t('console.storage.checking')}</span>
        </div>
      ) : null}
      {cleanup ? (
        <p className="storage-cleanup" role="status">
          {t('console.storage.cleaned', {
            count: cleanup.deleted,
            formatted: num(cleanup.deleted),
            size: size(cleanup.bytes),
            kept: num(cleanup.keptRecent),
          })}
          {cleanup.uploadsDropped > 0
            ? ` ${t('console.storage.cleanedUploads', {
                count: cleanup.uploadsDropped,
                formatted: num(cleanup.uploadsDropped),
                size: size(cleanup.uploadBytes),
              })}`
            : null}
        </p>
      ) : null}
      {check.isError ? <ErrorState error={check.error} onRetry={runCheck} /> : null}
      {result ? <CheckResult result={result} /> : null}
    </section>
  );
}

export function AdminStoragePage() {
  const { t } = useTranslation('console');
  const summary = useQuery(consoleQueries.storage());
  return (
    <div className="console-page">
      <header className="console-head">
        <h1>{t('console.storage.title')}</h1>
        <button type="button" className="button" disabled={summary.isFetching} onClick={() => void summary.refetch()}>
          {t('console.storage.refresh')}
        </button>
      </header>
      {summary.isPending && <Skeleton count={4} variant="row" />}
      {summary.isError && <ErrorState error={summary.error} onRetry={() => void summary.refetch()} />}
      {summary.isSuccess && <Summary summary={summary.data} />}
      <ConsistencyCheck />
    </div>
  );
}
