// /admin/security (manage:system): who the sign-in throttle holds back now (each with an unlock,
// confirmed first), sessions revoked because a refresh token was replayed, and the sign-in and
// token events (a kind filter and the page kept in the address), and the anti-crawler's difficulty
// and detection reports (`./anti-crawler-section`).
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Skeleton } from '@/components/async-state/async-state';
import { Pagination } from '@/components/catalog/pagination';
import { ConsoleTable, type Column } from '@/components/console/console-table';
import { FilterSelect } from '@/components/console/filter-select';
import { ConfirmButton } from '@/components/overlay/confirm-button';
import { useToast } from '@/components/toast/use-toast';
import { formatDuration } from '@/lib/core';
import { useDescribeFailure } from '@/lib/form-errors';
import { pathTo } from '@/lib/paths';
import { useUrlFilters } from '@/lib/use-url-filters';
import { AntiCrawlerSection } from './anti-crawler-section';
import { Time, useLogFormat } from './format';
import type { Throttle } from './logs-api';
import { logQueries, useClearThrottle } from './queries';
import '@/components/catalog/catalog-page.css';
import '@/components/console/console.css';
import './console-logs.css';

const keys = ['kind'] as const;
const eventPageSize = 50;
const eventKinds = [
  'login_failed',
  'login_throttled',
  'login_succeeded',
  'login_disabled',
  'refresh_reused',
  'password_changed',
  'password_check_failed',
  'registered',
  'logout',
];

export function AdminSecurityPage() {
  const { t } = useTranslation('console');
  return (
    <div className="console-page">
      <header className="console-head">
        <h1>{t('console.logs.security.title')}</h1>
      </header>
      <Throttles />
      <RevokedSessions />
      <Events />
      <AntiCrawlerSection />
    </div>
  );
}

function Throttles() {
  const { t } = useTranslation('console');
  const headingId = useId();
  const throttles = useQuery(logQueries.throttles());
  const columns: Column[] = [
    { key: 'account', heading: t('console.logs.security.throttles.account') },
    { key: 'failures', heading: t('console.logs.security.throttles.failures'), numeric: true },
    { key: 'last', heading: t('console.logs.security.throttles.last') },
    { key: 'wait', heading: t('console.logs.security.throttles.wait') },
    { key: 'action', heading: t('console.logs.security.throttles.action') },
  ];
  return (
    <section className="log-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('console.logs.security.throttles.title')}</h2>
      {throttles.isPending && <Skeleton count={2} variant="row" />}
      {throttles.isError && <ErrorState error={throttles.error} onRetry={() => void throttles.refetch()} />}
      {throttles.isSuccess && throttles.data.items.length === 0 && (
        <EmptyState>{t('console.logs.security.throttles.empty')}</EmptyState>
      )}
      {throttles.isSuccess && throttles.data.items.length > 0 && (
        <ConsoleTable label={t('console.logs.security.throttles.table')} columns={columns}>
          {throttles.data.items.map((item) => (
            <ThrottleRow key={item.key} item={item} />
          ))}
        </ConsoleTable>
      )}
    </section>
  );
}

function ThrottleRow({ item }: { item: Throttle }) {
  const { t } = useTranslation('console');
  const { num } = useLogFormat();
  const { toast } = useToast();
  const describeFailure = useDescribeFailure();
  const clear = useClearThrottle();
  const who =
    item.userId != null ? item.account : t('console.logs.security.throttles.unknownName', { name: item.account });
  const run = async () => {
    try {
      await clear.mutateAsync(item.key);
      toast({ color: 'success', icon: 'success', title: t('console.logs.security.throttles.cleared', { who }) });
    } catch (error) {
      const message = describeFailure(error);
      if (message) toast({ color: 'error', icon: 'error', title: message });
    }
  };
  return (
    <tr data-testid={`throttle-${item.key}`}>
      <td>
        {who}
        {item.userId != null ? <span className="console-sub">#{item.userId}</span> : null}
      </td>
      <td className="console-num">{num(item.failures)}</td>
      <td>
        <Time ms={item.lastFailureAt} />
      </td>
      <td>
        {item.locked ? (
          <span className="console-badge console-badge--warn">{t('console.logs.security.throttles.locked')}</span>
        ) : null}{' '}
        {formatDuration({ seconds: item.retryAfterSecs })}
      </td>
      <td>
        <ConfirmButton
          className="button"
          testId={`unlock-${item.key}`}
          label={t('console.logs.security.throttles.unlock')}
          ariaLabel={t('console.logs.security.throttles.unlockWho', { who })}
          title={t('console.logs.security.throttles.confirmTitle', { who })}
          description={t('console.logs.security.throttles.confirmDescription')}
          disabled={clear.isPending}
          onConfirm={run}
        />
      </td>
    </tr>
  );
}

function RevokedSessions() {
  const { t } = useTranslation('console');
  const headingId = useId();
  const revoked = useQuery(logQueries.revoked({ pageSize: 50 }));
  const columns: Column[] = [
    { key: 'user', heading: t('console.logs.security.revoked.user') },
    { key: 'device', heading: t('console.logs.security.revoked.device') },
    { key: 'ip', heading: t('console.logs.security.revoked.ip') },
    { key: 'signedIn', heading: t('console.logs.security.revoked.signedIn') },
    { key: 'revoked', heading: t('console.logs.security.revoked.revokedAt') },
  ];
  return (
    <section className="log-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('console.logs.security.revoked.title')}</h2>
      <p className="console-sub">{t('console.logs.security.revoked.explain')}</p>
      {revoked.isPending && <Skeleton count={2} variant="row" />}
      {revoked.isError && <ErrorState error={revoked.error} onRetry={() => void revoked.refetch()} />}
      {revoked.isSuccess && revoked.data.items.length === 0 && (
        <EmptyState>{t('console.logs.security.revoked.empty')}</EmptyState>
      )}
      {revoked.isSuccess && revoked.data.items.length > 0 && (
        <ConsoleTable label={t('console.logs.security.revoked.table')} columns={columns}>
          {revoked.data.items.map((session) => (
            <tr key={session.sessionId} data-testid={`revoked-${session.sessionId}`}>
              <td>
                {session.username ?? '—'}
                <span className="console-sub">#{session.userId}</span>
              </td>
              <td>
                <span className="log-agent" title={session.userAgent ?? undefined}>
                  {session.device ?? session.userAgent ?? '—'}
                </span>
              </td>
              <td>{session.ip ?? '—'}</td>
              <td>
                <Time ms={session.createdAt} />
              </td>
              <td>
                <Time ms={session.revokedAt} />
              </td>
            </tr>
          ))}
        </ConsoleTable>
      )}
    </section>
  );
}

function Events() {
  const { t } = useTranslation('console');
  const id = useId();
  const { values, page, update } = useUrlFilters(pathTo('adminSecurity'), keys);
  const events = useQuery(logQueries.events({ kind: values.kind, page, limit: eventPageSize }));
  const columns: Column[] = [
    { key: 'time', heading: t('console.logs.security.events.time') },
    { key: 'kind', heading: t('console.logs.security.events.kind') },
    { key: 'account', heading: t('console.logs.security.events.account') },
    { key: 'ip', heading: t('console.logs.security.events.ip') },
  ];
  return (
    <section className="log-section" aria-labelledby={`${id}-events`}>
      <h2 id={`${id}-events`}>{t('console.logs.security.events.title')}</h2>
      <div className="console-toolbar">
        <div className="filters" role="group" aria-label={t('console.logs.security.events.filters')}>
          <FilterSelect
            id={`${id}-kind`}
            label={t('console.logs.security.events.kind')}
            value={values.kind}
            options={[['', t('console.logs.filters.all')], ...eventKinds.map((kind): [string, string] => [kind, kind])]}
            onChange={(kind) => update({ kind })}
          />
        </div>
      </div>
      {events.isPending && <Skeleton count={4} variant="row" />}
      {events.isError && <ErrorState error={events.error} onRetry={() => void events.refetch()} />}
      {events.isSuccess && events.data.items.length === 0 && (
        <EmptyState>{t('console.logs.security.events.empty')}</EmptyState>
      )}
      {events.isSuccess && events.data.items.length > 0 && (
        <ConsoleTable label={t('console.logs.security.events.table')} columns={columns}>
          {events.data.items.map((event) => (
            <tr key={event.id} data-testid={`event-${event.id}`}>
              <td>
                <Time ms={event.createdAt} />
              </td>
              <td>
                <code>{event.kind}</code>
              </td>
              <td>
                {event.account ?? '—'}
                {event.userId != null ? <span className="console-sub">#{event.userId}</span> : null}
              </td>
              <td>{event.ip ?? '—'}</td>
            </tr>
          ))}
        </ConsoleTable>
      )}
      {events.isSuccess && (
        <Pagination
          page={page}
          pageSize={events.data.pageSize}
          total={events.data.total}
          onPage={(next) => update({ page: next, kind: values.kind })}
        />
      )}
    </section>
  );
}
