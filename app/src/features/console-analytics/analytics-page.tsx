// /admin/analytics (view:analytics): a period (kept in the address) compared with the one before
// it — daily active listeners, plays, listening hours, new users, members gained and lost, orders
// and revenue per currency, the top books (with their completion), chapters and categories, and
// the period's visitors — read from the server's daily rollups. Each chart has a table of the same
// numbers.
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Skeleton } from '@/components/async-state/async-state';
import { ConsoleTable, type Column } from '@/components/console/console-table';
import type { AnalyticsOverview, Currency } from '@/lib/api/types';
import { pathTo } from '@/lib/paths';
import { DailyChart, type Series } from './chart';
import { useAnalyticsFormat } from './format';
import { MetricCards } from './metric-cards';
import { PeriodPicker } from './period-picker';
import { analyticsQueries } from './queries';
import { usePeriod } from './use-period';
import { VisitorsSection } from './visitors-section';
import '@/components/console/console.css';
import './console-analytics.css';

type Totals = AnalyticsOverview['current'];

export function AdminAnalyticsPage() {
  const { t } = useTranslation('console');
  const { period, errors, choose } = usePeriod(pathTo('adminAnalytics'));
  const overview = useQuery(analyticsQueries.overview(period));
  return (
    <div className="console-page analytics-page">
      <header className="console-head">
        <h1>{t('console.analytics.title')}</h1>
      </header>
      <PeriodPicker period={period} errors={errors} onChoose={choose} />
      {overview.isPending && <Skeleton count={6} variant="row" />}
      {overview.isError && <ErrorState error={overview.error} onRetry={() => void overview.refetch()} />}
      {overview.isSuccess && <Overview data={overview.data} />}
      <VisitorsSection period={period} />
    </div>
  );
}

function isQuiet(totals: Totals): boolean {
  return Object.values(totals).every((value) => value === 0);
}

function Overview({ data }: { data: AnalyticsOverview }) {
  const { t } = useTranslation('console');
  const { num, money, share } = useAnalyticsFormat();
  const dates = useMemo(() => data.days.map((day) => day.date), [data.days]);
  const plays = useMemo<Series[]>(
    () => [
      { label: t('console.analytics.thisPeriod'), values: data.days.map((d) => d.plays) },
      { label: t('console.analytics.previousPeriod'), values: data.previousDays.map((d) => d.plays) },
    ],
    [data, t],
  );
  const listeners = useMemo<Series[]>(
    () => [
      { label: t('console.analytics.thisPeriod'), values: data.days.map((d) => d.activeListeners) },
      { label: t('console.analytics.previousPeriod'), values: data.previousDays.map((d) => d.activeListeners) },
    ],
    [data, t],
  );
  const hours = useMemo<Series[]>(
    () => [
      { label: t('console.analytics.thisPeriod'), values: data.days.map((d) => d.listenedHours) },
      { label: t('console.analytics.previousPeriod'), values: data.previousDays.map((d) => d.listenedHours) },
    ],
    [data, t],
  );
  const people = useMemo<Series[]>(
    () => [
      { label: t('console.analytics.metrics.newUsers'), values: data.days.map((d) => d.newUsers) },
      { label: t('console.analytics.metrics.membersGained'), values: data.days.map((d) => d.membersGained) },
      { label: t('console.analytics.metrics.membersLost'), values: data.days.map((d) => d.membersLost) },
    ],
    [data, t],
  );

  if (isQuiet(data.current) && isQuiet(data.previous) && data.revenue.length === 0) {
    return <EmptyState>{t('console.analytics.empty')}</EmptyState>;
  }
  const metrics: [string, keyof Totals][] = [
    [t('console.analytics.metrics.activeListeners'), 'activeListeners'],
    [t('console.analytics.metrics.plays'), 'plays'],
    [t('console.analytics.metrics.listenedHours'), 'listenedHours'],
    [t('console.analytics.metrics.newUsers'), 'newUsers'],
    [t('console.analytics.metrics.membersGained'), 'membersGained'],
    [t('console.analytics.metrics.membersLost'), 'membersLost'],
  ];
  const revenueColumns: Column[] = [
    { key: 'currency', heading: t('console.analytics.revenue.currency') },
    { key: 'orders', heading: t('console.analytics.revenue.orders'), numeric: true },
    { key: 'revenue', heading: t('console.analytics.revenue.revenue'), numeric: true },
    { key: 'refunds', heading: t('console.analytics.revenue.refunds'), numeric: true },
    { key: 'previous', heading: t('console.analytics.revenue.previous'), numeric: true },
  ];
  return (
    <>
      <p className="analytics-compare">
        {t('console.analytics.comparing', {
          from: data.from,
          to: data.to,
          previousFrom: data.previousFrom,
          previousTo: data.previousTo,
        })}
      </p>
      <MetricCards metrics={metrics} current={data.current} previous={data.previous} testIdPrefix="metric-" />
      <div className="analytics-charts">
        <DailyChart title={t('console.analytics.charts.plays')} dates={dates} series={plays} format={num} />
        <DailyChart title={t('console.analytics.charts.listeners')} dates={dates} series={listeners} format={num} />
        <DailyChart title={t('console.analytics.charts.hours')} dates={dates} series={hours} format={num} />
        <DailyChart title={t('console.analytics.charts.people')} dates={dates} series={people} format={num} />
      </div>
      <section className="analytics-section">
        <h2>{t('console.analytics.revenue.title')}</h2>
        {data.revenue.length === 0 ? (
          <p className="console-sub">{t('console.analytics.revenue.none')}</p>
        ) : (
          <ConsoleTable label={t('console.analytics.revenue.title')} columns={revenueColumns}>
            {data.revenue.map((line) => {
              const currency = line.currency as Currency;
              return (
                <tr key={line.currency}>
                  <th scope="row">{line.currency}</th>
                  <td className="console-num">{num(line.orders)}</td>
                  <td className="console-num">{money(line.revenue, currency)}</td>
                  <td className="console-num">{money(line.refunds, currency)}</td>
                  <td className="console-num">{money(line.previousRevenue, currency)}</td>
                </tr>
              );
            })}
          </ConsoleTable>
        )}
      </section>
      <TopContent data={data} num={num} share={share} />
    </>
  );
}

function TopContent({
  data,
  num,
  share,
}: {
  data: Pick<AnalyticsOverview, 'topBooks' | 'topCategories'> & Partial<Pick<AnalyticsOverview, 'topChapters'>>;
  num: (value: number) => string;
  share: (value: number) => string;
}) {
  const { t } = useTranslation('console');
  const plays = t('console.analytics.metrics.plays');
  const hours = t('console.analytics.metrics.listenedHours');
  return (
    <div className="analytics-tops">
      <section className="analytics-section">
        <h2>{t('console.analytics.top.books')}</h2>
        <ConsoleTable
          label={t('console.analytics.top.books')}
          columns={[
            { key: 'title', heading: t('console.analytics.top.book') },
            { key: 'plays', heading: plays, numeric: true },
            { key: 'hours', heading: hours, numeric: true },
            { key: 'completion', heading: t('console.analytics.top.completion'), numeric: true },
          ]}
        >
          {data.topBooks.map((book) => (
            <tr key={book.bookId}>
              <th scope="row">{book.title}</th>
              <td className="console-num">{num(book.plays)}</td>
              <td className="console-num">{num(book.listenedHours)}</td>
              <td className="console-num">{share(book.completionRate)}</td>
            </tr>
          ))}
        </ConsoleTable>
      </section>
      {data.topChapters ? (
        <section className="analytics-section">
          <h2>{t('console.analytics.top.chapters')}</h2>
          <ConsoleTable
            label={t('console.analytics.top.chapters')}
            columns={[
              { key: 'title', heading: t('console.analytics.top.chapter') },
              { key: 'plays', heading: plays, numeric: true },
              { key: 'hours', heading: hours, numeric: true },
            ]}
          >
            {data.topChapters.map((chapter) => (
              <tr key={chapter.chapterId}>
                <th scope="row">
                  {chapter.title}
                  <span className="console-sub">{chapter.bookTitle}</span>
                </th>
                <td className="console-num">{num(chapter.plays)}</td>
                <td className="console-num">{num(chapter.listenedHours)}</td>
              </tr>
            ))}
          </ConsoleTable>
        </section>
      ) : null}
      <section className="analytics-section">
        <h2>{t('console.analytics.top.categories')}</h2>
        <ConsoleTable
          label={t('console.analytics.top.categories')}
          columns={[
            { key: 'name', heading: t('console.analytics.top.category') },
            { key: 'plays', heading: plays, numeric: true },
            { key: 'hours', heading: hours, numeric: true },
          ]}
        >
          {data.topCategories.map((category) => (
            <tr key={category.categoryId}>
              <th scope="row">{category.name}</th>
              <td className="console-num">{num(category.plays)}</td>
              <td className="console-num">{num(category.listenedHours)}</td>
            </tr>
          ))}
        </ConsoleTable>
      </section>
    </div>
  );
}

export { TopContent };
