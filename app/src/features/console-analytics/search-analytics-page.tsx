// /admin/search-analytics (view:analytics): over a period kept in the address, the searches per
// day (a chart with its table), the top queries (forms that found the same book counted as one,
// e.g. 西游记 and xiyouji) and the queries that found nothing — what listeners want and the
// catalogue lacks.
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Skeleton } from '@/components/async-state/async-state';
import { ConsoleTable } from '@/components/console/console-table';
import type { QueryLine, SearchAnalytics } from '@/lib/api/types';
import { pathTo } from '@/lib/paths';
import { DailyChart, type Series } from './chart';
import { useAnalyticsFormat } from './format';
import { PeriodPicker } from './period-picker';
import { analyticsQueries } from './queries';
import { usePeriod } from './use-period';
import '@/components/console/console.css';
import './console-analytics.css';

export function AdminSearchAnalyticsPage() {
  const { t } = useTranslation('console');
  const { period, errors, choose } = usePeriod(pathTo('adminSearchAnalytics'));
  const searches = useQuery(analyticsQueries.searches(period));
  return (
    <div className="console-page analytics-page">
      <header className="console-head">
        <h1>{t('console.searchAnalytics.title')}</h1>
      </header>
      <PeriodPicker period={period} errors={errors} onChoose={choose} />
      {searches.isPending && <Skeleton count={6} variant="row" />}
      {searches.isError && <ErrorState error={searches.error} onRetry={() => void searches.refetch()} />}
      {searches.isSuccess &&
        (searches.data.searches === 0 ? (
          <EmptyState>{t('console.searchAnalytics.empty')}</EmptyState>
        ) : (
          <Searches data={searches.data} />
        ))}
    </div>
  );
}

function Searches({ data }: { data: SearchAnalytics }) {
  const { t } = useTranslation('console');
  const { num } = useAnalyticsFormat();
  const dates = useMemo(() => data.days.map((day) => day.date), [data.days]);
  const series = useMemo<Series[]>(
    () => [
      { label: t('console.searchAnalytics.searches'), values: data.days.map((d) => d.searches) },
      { label: t('console.searchAnalytics.noResults'), values: data.days.map((d) => d.noResults) },
    ],
    [data, t],
  );
  return (
    <>
      <p className="analytics-compare">
        {t('console.searchAnalytics.summary', { searches: num(data.searches), noResults: num(data.noResults) })}
      </p>
      <DailyChart title={t('console.searchAnalytics.trend')} dates={dates} series={series} format={num} />
      <div className="analytics-tops">
        <QueryTable
          title={t('console.searchAnalytics.top')}
          lines={data.topQueries}
          count={(line) => line.searches}
          countHeading={t('console.searchAnalytics.searches')}
          showBook
        />
        <QueryTable
          title={t('console.searchAnalytics.missing')}
          lines={data.noResultQueries}
          count={(line) => line.noResults}
          countHeading={t('console.searchAnalytics.noResults')}
        />
      </div>
    </>
  );
}

function QueryTable({
  title,
  lines,
  count,
  countHeading,
  showBook = false,
}: {
  title: string;
  lines: QueryLine[];
  count: (line: QueryLine) => number;
  countHeading: string;
  showBook?: boolean;
}) {
  const { t } = useTranslation('console');
  const { num } = useAnalyticsFormat();
  return (
    <section className="analytics-section">
      <h2>{title}</h2>
      {lines.length === 0 ? (
        <p className="console-sub">{t('console.searchAnalytics.none')}</p>
      ) : (
        <ConsoleTable
          label={title}
          columns={[
            { key: 'query', heading: t('console.searchAnalytics.query') },
            ...(showBook ? [{ key: 'book', heading: t('console.searchAnalytics.book') }] : []),
            { key: 'count', heading: countHeading, numeric: true },
          ]}
        >
          {lines.map((line) => (
            <tr key={`${line.topBookId ?? ''}:${line.query}`}>
              <th scope="row">
                {line.query}
                {line.forms.length > 1 ? (
                  <span className="console-sub">
                    {t('console.searchAnalytics.forms', {
                      forms: line.forms.join(t('console.searchAnalytics.separator')),
                    })}
                  </span>
                ) : null}
              </th>
              {showBook ? <td>{line.topBookTitle ?? '—'}</td> : null}
              <td className="console-num">{num(count(line))}</td>
            </tr>
          ))}
        </ConsoleTable>
      )}
    </section>
  );
}
