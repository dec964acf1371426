// /admin: the console's first page. Cards of the catalogue, listeners, listening and storage; what
// needs attention (chapters without audio, failed uploads) or that nothing does; the latest changes
// with who made them, in words, linked to the record's page; loading, error and refresh.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Skeleton } from '@/components/async-state/async-state';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { useCurrentUser } from '@/features/auth/use-auth';
import type { Dashboard, RecentChange } from '@/lib/api/types';
import { formatNumber } from '@/lib/core';
import { formatFileSize, formatSmartTime } from '@/lib/core-pages';
import { useLang } from '@/lib/lang';
import { pathTo } from '@/lib/paths';
import { consoleQueries } from '@/lib/queries/console';
import { actionText, recordPage, recordText } from './labels';
import '@/components/console/console.css';
import './console-dashboard.css';

/** One card: its heading, the main figure and the lines under it. */
function Card({ title, figure, children }: { title: string; figure: string; children: ReactNode }) {
  return (
    <section className="dashboard-card card" aria-label={title}>
      <h2 className="dashboard-card__title">{title}</h2>
      <p className="dashboard-card__figure">{figure}</p>
      <div className="dashboard-card__lines">{children}</div>
    </section>
  );
}

function Figures({ data }: { data: Dashboard }) {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  const num = (value: number) => formatNumber({ value, lang });
  return (
    <div className="dashboard-cards">
      <Card title={t('console.dashboard.catalogue.title')} figure={num(data.books)}>
        <p>
          {t('console.dashboard.catalogue.books', {
            count: data.books,
            published: num(data.publishedBooks),
            formatted: num(data.books),
          })}
        </p>
        <p>
          {t('console.dashboard.catalogue.chapters', {
            count: data.chapters,
            published: num(data.publishedChapters),
            formatted: num(data.chapters),
          })}
        </p>
      </Card>
      <Card title={t('console.dashboard.listeners.title')} figure={num(data.users)}>
        <p>{t('console.dashboard.listeners.new24h', { formatted: num(data.newUsers.last24h) })}</p>
        <p>{t('console.dashboard.listeners.new7d', { formatted: num(data.newUsers.last7d) })}</p>
      </Card>
      <Card title={t('console.dashboard.listening.title')} figure={num(data.plays.last24h)}>
        <p>{t('console.dashboard.listening.last24h', { formatted: num(data.plays.last24h) })}</p>
        <p>{t('console.dashboard.listening.last7d', { formatted: num(data.plays.last7d) })}</p>
        <p className="field__hint">{t('console.dashboard.listening.about')}</p>
      </Card>
      <Card title={t('console.dashboard.storage.title')} figure={formatFileSize({ bytes: data.storedBytes, lang })}>
        <p>{t('console.dashboard.storage.files', { count: data.storedFiles, formatted: num(data.storedFiles) })}</p>
      </Card>
    </div>
  );
}

function Attention({ data }: { data: Dashboard }) {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  const num = (value: number) => formatNumber({ value, lang });
  const silent = data.chaptersWithoutAudio;
  const failed = data.failedUploads;
  return (
    <section className="dashboard-panel card" aria-labelledby="dashboard-attention">
      <h2 id="dashboard-attention">{t('console.dashboard.attention.title')}</h2>
      {silent === 0 && failed === 0 ? (
        <p className="dashboard-ok">{t('console.dashboard.attention.none')}</p>
      ) : (
        <ul className="dashboard-attention">
          {silent > 0 ? (
            <li>
              <span className="console-badge console-badge--warn">{num(silent)}</span>{' '}
              <LocalizedLink to={`${pathTo('adminChapters')}?audio=missing`}>
                {t('console.dashboard.attention.noAudio', { count: silent, formatted: num(silent) })}
              </LocalizedLink>
            </li>
          ) : null}
          {failed > 0 ? (
            <li>
              <span className="console-badge console-badge--warn">{num(failed)}</span>{' '}
              {t('console.dashboard.attention.failedUploads', { count: failed, formatted: num(failed) })}
            </li>
          ) : null}
        </ul>
      )}
    </section>
  );
}

function Change({ change, nowMs }: { change: RecentChange; nowMs: number }) {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  const timezone = useCurrentUser()?.preferences.timezone;
  const page = recordPage(change);
  const record = recordText(change, t);
  return (
    <li className="dashboard-change">
      <p className="dashboard-change__what">
        <strong>{change.actorName}</strong>
        {' · '}
        <span>{actionText(change.action, t)}</span>
        {' · '}
        {page ? <LocalizedLink to={page}>{record}</LocalizedLink> : <span>{record}</span>}
      </p>
      <time className="dashboard-change__when" dateTime={new Date(change.createdAt).toISOString()}>
        {formatSmartTime({ timestampMs: change.createdAt, nowMs, lang, timezone })}
      </time>
    </li>
  );
}

function RecentChanges({ data }: { data: Dashboard }) {
  const { t } = useTranslation('console');
  return (
    <section className="dashboard-panel card" aria-labelledby="dashboard-changes">
      <h2 id="dashboard-changes">{t('console.dashboard.changes.title')}</h2>
      {data.recentChanges.length === 0 ? (
        <EmptyState>{t('console.dashboard.changes.empty')}</EmptyState>
      ) : (
        <ul className="dashboard-changes">
          {data.recentChanges.map((change) => (
            <Change key={change.id} change={change} nowMs={data.generatedAt} />
          ))}
        </ul>
      )}
    </section>
  );
}

export function AdminDashboardPage() {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  const timezone = useCurrentUser()?.preferences.timezone;
  const dashboard = useQuery(consoleQueries.dashboard());
  const refreshing = dashboard.isFetching && !dashboard.isPending;
  return (
    <div className="console-page" aria-busy={dashboard.isFetching}>
      <header className="console-head">
        <h1>{t('console.dashboard.title')}</h1>
        <button
          type="button"
          className="button"
          disabled={dashboard.isFetching}
          onClick={() => void dashboard.refetch()}
        >
          {refreshing ? t('console.dashboard.refreshing') : t('console.dashboard.refresh')}
        </button>
      </header>
      {dashboard.isSuccess ? (
        <p className="field__hint" aria-live="polite">
          {t('console.dashboard.generatedAt', {
            time: formatSmartTime({ timestampMs: dashboard.data.generatedAt, nowMs: Date.now(), lang, timezone }),
          })}
        </p>
      ) : null}
      {dashboard.isPending && <Skeleton count={4} variant="row" />}
      {dashboard.isError && <ErrorState error={dashboard.error} onRetry={() => void dashboard.refetch()} />}
      {dashboard.isSuccess && (
        <>
          <Figures data={dashboard.data} />
          <div className="dashboard-panels">
            <Attention data={dashboard.data} />
            <RecentChanges data={dashboard.data} />
          </div>
        </>
      )}
    </div>
  );
}
