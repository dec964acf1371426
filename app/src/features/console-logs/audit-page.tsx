// /admin/logs (manage:system): the audit log, newest first, filtered by who, what entity, what
// action and when (all kept in the address with the keyset cursor); each change opens to its
// record before and after, side by side, the changed fields marked.
import { Fragment, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Skeleton } from '@/components/async-state/async-state';
import { ConsoleTable, type Column } from '@/components/console/console-table';
import { pathTo } from '@/lib/paths';
import { useUrlFilters } from '@/lib/use-url-filters';
import { ChangeDiff } from './change-diff';
import { CursorNav } from './cursor-nav';
import { FilterForm } from './filter-form';
import { dayEndMs, dayStartMs, Time } from './format';
import { logQueries } from './queries';
import '@/components/console/console.css';
import './console-logs.css';

const keys = ['actor', 'entity', 'action', 'from', 'to', 'cursor'] as const;

export function AdminLogsPage() {
  const { t } = useTranslation('console');
  const id = useId();
  const { values, update } = useUrlFilters(pathTo('adminLogs'), keys);
  const [open, setOpen] = useState<number | null>(null);
  const log = useQuery(
    logQueries.audit({
      actor: values.actor,
      entity: values.entity,
      action: values.action,
      from: dayStartMs(values.from),
      to: dayEndMs(values.to),
      cursor: values.cursor,
    }),
  );
  const filtered = Boolean(values.actor || values.entity || values.action || values.from || values.to);

  const columns: Column[] = [
    { key: 'time', heading: t('console.logs.audit.columns.time') },
    { key: 'actor', heading: t('console.logs.audit.columns.actor') },
    { key: 'action', heading: t('console.logs.audit.columns.action') },
    { key: 'record', heading: t('console.logs.audit.columns.record') },
    { key: 'ip', heading: t('console.logs.audit.columns.ip') },
    { key: 'changes', heading: t('console.logs.audit.columns.changes') },
  ];

  return (
    <div className="console-page">
      <header className="console-head">
        <h1>{t('console.logs.audit.title')}</h1>
      </header>
      <FilterForm
        label={t('console.logs.audit.filters')}
        values={values}
        fields={[
          {
            key: 'actor',
            label: t('console.logs.audit.actor'),
            kind: 'text',
            placeholder: t('console.logs.audit.actorHint'),
          },
          { key: 'entity', label: t('console.logs.audit.entity'), kind: 'text', placeholder: 'book' },
          { key: 'action', label: t('console.logs.audit.action'), kind: 'text', placeholder: 'book.update' },
          { key: 'from', label: t('console.logs.filters.from'), kind: 'date' },
          { key: 'to', label: t('console.logs.filters.to'), kind: 'date' },
        ]}
        onApply={(next) => update({ ...next, cursor: '' })}
      />

      {log.isPending && <Skeleton count={6} variant="row" />}
      {log.isError && <ErrorState error={log.error} onRetry={() => void log.refetch()} />}
      {log.isSuccess && log.data.items.length === 0 && (
        <EmptyState>{filtered ? t('console.logs.audit.emptyFiltered') : t('console.logs.audit.empty')}</EmptyState>
      )}
      {log.isSuccess && log.data.items.length > 0 && (
        <ConsoleTable label={t('console.logs.audit.table')} columns={columns}>
          {log.data.items.map((entry) => {
            const isOpen = open === entry.id;
            const diffId = `${id}-diff-${entry.id}`;
            return (
              <Fragment key={entry.id}>
                <tr data-testid={`audit-row-${entry.id}`}>
                  <td>
                    <Time ms={entry.createdAt} />
                  </td>
                  <td>
                    {entry.actorName}
                    {entry.actorId != null ? <span className="console-sub">#{entry.actorId}</span> : null}
                  </td>
                  <td>
                    <code>{entry.action}</code>
                  </td>
                  <td>
                    {entry.entity} #{entry.entityId}
                  </td>
                  <td>{entry.ip ?? '—'}</td>
                  <td>
                    <button
                      type="button"
                      className="button button--ghost"
                      aria-expanded={isOpen}
                      aria-controls={isOpen ? diffId : undefined}
                      onClick={() => setOpen(isOpen ? null : entry.id)}
                    >
                      {t('console.logs.audit.showChanges', { count: entry.changed.length })}
                    </button>
                  </td>
                </tr>
                {isOpen ? (
                  <tr className="log-diff-row">
                    <td colSpan={columns.length}>
                      <ChangeDiff entry={entry} id={diffId} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </ConsoleTable>
      )}
      {log.isSuccess && (
        <CursorNav cursor={values.cursor} nextCursor={log.data.nextCursor} onCursor={(cursor) => update({ cursor })} />
      )}
    </div>
  );
}
