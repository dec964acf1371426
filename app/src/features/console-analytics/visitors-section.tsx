// The analytics page's visitors (from the server's behaviour rollups, finished UTC days only) for
// the chosen period: visitors, page views and events against the previous period, visitors and
// page views per day, the top pages and the top sources (direct visits worded as such).
import { useId, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Skeleton } from '@/components/async-state/async-state';
import { ConsoleTable } from '@/components/console/console-table';
import type { VisitorAnalytics } from '@/lib/api/types';
import type { Period } from './analytics-api';
import { DailyChart, type Series } from './chart';
import { useAnalyticsFormat } from './format';
import { MetricCards } from './metric-cards';
import { analyticsQueries } from './queries';

type Totals = VisitorAnalytics['current'];

export function VisitorsSection({ period }: { period: Period }) {
  const { t } = useTranslation('console');
  const visitors = useQuery(analyticsQueries.visitors(period));
  const headingId = useId();
  return (
    <section className="analytics-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('console.analytics.visitors.title')}</h2>
      {visitors.isPending && <Skeleton count={3} variant="row" />}
      {visitors.isError && <ErrorState error={visitors.error} onRetry={() => void visitors.refetch()} />}
      {visitors.isSuccess &&
        (isQuiet(visitors.data.current) ? (
          <EmptyState>{t('console.analytics.visitors.empty')}</EmptyState>
        ) : (
          <Visitors data={visitors.data} />
        ))}
    </section>
  );
}

function isQuiet(totals: Totals): boolean {
  return totals.visitors === 0 && totals.pageViews === 0 && totals.events === 0;
}

function Visitors({ data }: { data: VisitorAnalytics }) {
  const { t } = useTranslation('console');
  const { num } = useAnalyticsFormat();
  const dates = useMemo(() => data.days.map((day) => day.date), [data.days]);
  const series = useMemo<Series[]>(
    () => [
      { label: t('console.analytics.visitors.visitors'), values: data.days.map((d) => d.visitors) },
      { label: t('console.analytics.visitors.pageViews'), values: data.days.map((d) => d.pageViews) },
    ],
    [data, t],
  );
  const metrics: [string, keyof Totals][] = [
    [t('console.analytics.visitors.visitors'), 'visitors'],
    [t('console.analytics.visitors.pageViews'), 'pageViews'],
    [t('console.analytics.visitors.events'), 'events'],
  ];
  const none = <p className="console-sub">{t('console.analytics.visitors.none')}</p>;
  return (
    <>
      <p className="console-sub">{t('console.analytics.visitors.note')}</p>
      <MetricCards metrics={metrics} current={data.current} previous={data.previous} testIdPrefix="visitor-metric-" />
      <DailyChart title={t('console.analytics.visitors.chart')} dates={dates} series={series} format={num} />
      <div className="analytics-tops">
        <section className="analytics-section">
          <h3>{t('console.analytics.visitors.topPages')}</h3>
          {data.topPages.length === 0 ? (
            none
          ) : (
            <ConsoleTable
              label={t('console.analytics.visitors.topPages')}
              columns={[
                { key: 'page', heading: t('console.analytics.visitors.page') },
                { key: 'views', heading: t('console.analytics.visitors.views'), numeric: true },
              ]}
            >
              {data.topPages.map((line) => (
                <tr key={line.pageUrl}>
                  <th scope="row" className="analytics-page-url">
                    {line.pageUrl}
                  </th>
                  <td className="console-num">{num(line.views)}</td>
                </tr>
              ))}
            </ConsoleTable>
          )}
        </section>
        <section className="analytics-section">
          <h3>{t('console.analytics.visitors.topSources')}</h3>
          {data.topSources.length === 0 ? (
            none
          ) : (
            <ConsoleTable
              label={t('console.analytics.visitors.topSources')}
              columns={[
                { key: 'source', heading: t('console.analytics.visitors.source') },
                { key: 'visits', heading: t('console.analytics.visitors.visits'), numeric: true },
              ]}
            >
              {data.topSources.map((line) => (
                <tr key={line.source ?? ''}>
                  <th scope="row">{line.source ?? t('console.analytics.visitors.direct')}</th>
                  <td className="console-num">{num(line.visits)}</td>
                </tr>
              ))}
            </ConsoleTable>
          )}
        </section>
      </div>
    </>
  );
}
