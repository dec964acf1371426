// /admin/access-logs (manage:system): requests, newest first, filtered by user, address, method,
// route, status (a code or a class such as 5xx) and when, all kept in the address with the keyset
// cursor; below, the daily totals of the days the retention rolled up.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Skeleton } from '@/components/async-state/async-state';
import { ConsoleTable, type Column } from '@/components/console/console-table';
import { pathTo } from '@/lib/paths';
import { useUrlFilters } from '@/lib/use-url-filters';
import { CursorNav } from './cursor-nav';
import { FilterForm } from './filter-form';
import { dayEndMs, dayStartMs, Time, useLogFormat } from './format';
import { logQueries } from './queries';
import '@/components/console/console.css';
import './console-logs.css';

const keys = ['user', 'ip', 'method', 'route', 'status', 'from', 'to', 'cursor'] as const;
const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const statuses = ['2xx', '3xx', '4xx', '5xx'];

export function AdminAccessLogsPage() {
  const { t } = useTranslation('console');
  const { num, size } = useLogFormat();
  const { values, update } = useUrlFilters(pathTo('adminAccessLogs'), keys);
  const log = useQuery(
    logQueries.access({
      user: values.user,
      ip: values.ip,
      method: values.method,
      route: values.route,
      status: values.status,
      from: dayStartMs(values.from),
      to: dayEndMs(values.to),
      cursor: values.cursor,
    }),
  );
  const daily = useQuery(logQueries.daily({ from: values.from, to: values.to, route: values.route }));
  const filtered = keys.some((key) => key !== 'cursor' && values[key]);

  const columns: Column[] = [
    { key: 'time', heading: t('console.logs.access.columns.time') },
    { key: 'method', heading: t('console.logs.access.columns.method') },
    { key: 'route', heading: t('console.logs.access.columns.route') },
    { key: 'status', heading: t('console.logs.access.columns.status'), numeric: true },
    { key: 'latency', heading: t('console.logs.access.columns.latency'), numeric: true },
    { key: 'bytes', heading: t('console.logs.access.columns.bytes'), numeric: true },
    { key: 'user', heading: t('console.logs.access.columns.user') },
    { key: 'ip', heading: t('console.logs.access.columns.ip') },
  ];
  const dailyColumns: Column[] = [
    { key: 'day', heading: t('console.logs.daily.columns.day') },
    { key: 'route', heading: t('console.logs.access.columns.route') },
    { key: 'requests', heading: t('console.logs.daily.columns.requests'), numeric: true },
    { key: 'errors', heading: t('console.logs.daily.columns.errors'), numeric: true },
    { key: 'latency', heading: t('console.logs.daily.columns.latency'), numeric: true },
    { key: 'bytes', heading: t('console.logs.access.columns.bytes'), numeric: true },
  ];

  return (
    <div className="console-page">
      <header className="console-head">
        <h1>{t('console.logs.access.title')}</h1>
      </header>
      <FilterForm
        label={t('console.logs.access.filters')}
        values={values}
        fields={[
          {
            key: 'user',
            label: t('console.logs.access.user'),
            kind: 'text',
            placeholder: t('console.logs.access.userHint'),
          },
          { key: 'ip', label: t('console.logs.access.ip'), kind: 'text' },
          {
            key: 'method',
            label: t('console.logs.access.method'),
            kind: 'choice',
            options: [['', t('console.logs.filters.all')], ...methods.map((m): [string, string] => [m, m])],
          },
          { key: 'route', label: t('console.logs.access.route'), kind: 'text', placeholder: '/api/books/{id}' },
          {
            key: 'status',
            label: t('console.logs.access.status'),
            kind: 'text',
            placeholder: t('console.logs.access.statusHint', { classes: statuses.join(', ') }),
          },
          { key: 'from', label: t('console.logs.filters.from'), kind: 'date' },
          { key: 'to', label: t('console.logs.filters.to'), kind: 'date' },
        ]}
        onApply={(next) => update({ ...next, cursor: '' })}
      />

      {log.isPending && <Skeleton count={6} variant="row" />}
      {log.isError && <ErrorState error={log.error} onRetry={() => void log.refetch()} />}
      {log.isSuccess && log.data.items.length === 0 && (
        <EmptyState>{filtered ? t('console.logs.access.emptyFiltered') : t('console.logs.access.empty')}</EmptyState>
      )}
      {log.isSuccess && log.data.items.length > 0 && (
        <ConsoleTable label={t('console.logs.access.table')} columns={columns}>
          {log.data.items.map((row) => (
            <tr key={row.id} data-testid={`access-row-${row.id}`}>
              <td>
                <Time ms={row.createdAt} />
              </td>
              <td>{row.method}</td>
              <td>
                <code>{row.route === '(page)' ? t('console.logs.access.page') : row.route}</code>
              </td>
              <td className={row.status >= 500 ? 'console-num log-status--error' : 'console-num'}>{row.status}</td>
              <td className="console-num">{t('console.logs.access.ms', { value: num(row.latencyMs) })}</td>
              <td className="console-num">{size(row.bytes)}</td>
              <td>{row.username ?? (row.userId != null ? `#${row.userId}` : t('console.logs.access.guest'))}</td>
              <td>{row.ip ?? '—'}</td>
            </tr>
          ))}
        </ConsoleTable>
      )}
      {log.isSuccess && (
        <CursorNav cursor={values.cursor} nextCursor={log.data.nextCursor} onCursor={(cursor) => update({ cursor })} />
      )}

      <section className="log-section" aria-labelledby="access-daily">
        <h2 id="access-daily">{t('console.logs.daily.title')}</h2>
        <p className="console-sub">{t('console.logs.daily.explain')}</p>
        {daily.isPending && <Skeleton count={3} variant="row" />}
        {daily.isError && <ErrorState error={daily.error} onRetry={() => void daily.refetch()} />}
        {daily.isSuccess && daily.data.items.length === 0 && <EmptyState>{t('console.logs.daily.empty')}</EmptyState>}
        {daily.isSuccess && daily.data.items.length > 0 && (
          <ConsoleTable label={t('console.logs.daily.table')} columns={dailyColumns}>
            {daily.data.items.map((row) => (
              <tr key={`${row.day} ${row.method} ${row.route}`}>
                <td>{row.day}</td>
                <td>
                  {row.method} <code>{row.route}</code>
                </td>
                <td className="console-num">{num(row.requests)}</td>
                <td className="console-num">{num(row.clientErrors + row.serverErrors)}</td>
                <td className="console-num">{t('console.logs.access.ms', { value: num(row.meanLatencyMs) })}</td>
                <td className="console-num">{size(row.bytes)}</td>
              </tr>
            ))}
          </ConsoleTable>
        )}
      </section>
    </div>
  );
}
