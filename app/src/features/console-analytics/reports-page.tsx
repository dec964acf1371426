// /admin/reports (manage:system): a period's report — listening, new users and members, revenue
// per currency, catalogue growth and top content, with the period before it — to download as the
// server's CSV file or to print (the print style keeps only the report); below it, the listeners'
// feedback inbox. The period, the inbox's filters and its page are kept in the address.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Skeleton } from '@/components/async-state/async-state';
import { ConsoleTable } from '@/components/console/console-table';
import type { Currency, PeriodReport } from '@/lib/api/types';
import { pathTo } from '@/lib/paths';
import { downloadReportCsv, type Period } from './analytics-api';
import { TopContent } from './analytics-page';
import { FeedbackInbox } from './feedback-inbox';
import { useAnalyticsFormat } from './format';
import { PeriodPicker } from './period-picker';
import { analyticsQueries } from './queries';
import { usePeriod } from './use-period';
import '@/components/console/console.css';
import './console-analytics.css';

const inboxKeys = ['status', 'category'] as const;

export function AdminReportsPage() {
  const { t } = useTranslation('console');
  const { period, errors, choose, values, page, update } = usePeriod(pathTo('adminReports'), inboxKeys);
  const report = useQuery(analyticsQueries.report(period));
  return (
    <div className="console-page analytics-page reports-page">
      <header className="console-head">
        <h1>{t('console.reports.title')}</h1>
      </header>
      <div className="no-print">
        <PeriodPicker period={period} errors={errors} onChoose={choose} />
      </div>
      {report.isPending && <Skeleton count={6} variant="row" />}
      {report.isError && <ErrorState error={report.error} onRetry={() => void report.refetch()} />}
      {report.isSuccess && <Report data={report.data} period={period} />}
      <div className="no-print">
        <FeedbackInbox filters={{ status: values.status, category: values.category }} page={page} onFilters={update} />
      </div>
    </div>
  );
}

function Report({ data, period }: { data: PeriodReport; period: Period }) {
  const { t } = useTranslation('console');
  const { num, money, share } = useAnalyticsFormat();
  const [failed, setFailed] = useState(false);
  const download = async () => {
    setFailed(false);
    try {
      const { blob, name } = await downloadReportCsv(period);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      link.click();
      URL.revokeObjectURL(url);
    } catch {
      setFailed(true);
    }
  };
  const rows: [string, number, number][] = [
    [t('console.analytics.metrics.activeListeners'), data.current.activeListeners, data.previous.activeListeners],
    [t('console.analytics.metrics.plays'), data.current.plays, data.previous.plays],
    [t('console.analytics.metrics.listenedHours'), data.current.listenedHours, data.previous.listenedHours],
    [t('console.analytics.metrics.completions'), data.current.completions, data.previous.completions],
    [t('console.analytics.metrics.newUsers'), data.current.newUsers, data.previous.newUsers],
    [t('console.analytics.metrics.membersGained'), data.current.membersGained, data.previous.membersGained],
    [t('console.analytics.metrics.membersLost'), data.current.membersLost, data.previous.membersLost],
    [t('console.analytics.metrics.booksAdded'), data.current.booksAdded, data.previous.booksAdded],
    [t('console.analytics.metrics.chaptersAdded'), data.current.chaptersAdded, data.previous.chaptersAdded],
  ];
  const quiet = rows.every(([, now, before]) => now === 0 && before === 0) && data.revenue.length === 0;
  return (
    <article className="report" aria-label={t('console.reports.report', { from: data.from, to: data.to })}>
      <div className="console-actions no-print">
        <button type="button" className="button button--primary" onClick={() => void download()}>
          {t('console.reports.csv')}
        </button>
        <button type="button" className="button button--ghost" onClick={() => window.print()}>
          {t('console.reports.print')}
        </button>
      </div>
      {failed ? (
        <p className="console-alert" role="alert">
          {t('console.reports.csvFailed')}
        </p>
      ) : null}
      <h2>{t('console.reports.report', { from: data.from, to: data.to })}</h2>
      <p className="analytics-compare">
        {t('console.reports.previous', { from: data.previousFrom, to: data.previousTo })}
      </p>
      {quiet ? (
        <EmptyState>{t('console.analytics.empty')}</EmptyState>
      ) : (
        <>
          <ConsoleTable
            label={t('console.reports.totals')}
            narrow
            columns={[
              { key: 'metric', heading: t('console.reports.metric') },
              { key: 'value', heading: t('console.analytics.thisPeriod'), numeric: true },
              { key: 'previous', heading: t('console.analytics.previousPeriod'), numeric: true },
            ]}
          >
            {rows.map(([label, now, before]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td className="console-num">{num(now)}</td>
                <td className="console-num">{num(before)}</td>
              </tr>
            ))}
            {data.revenue.map((line) => (
              <tr key={line.currency}>
                <th scope="row">{t('console.reports.revenueOf', { currency: line.currency })}</th>
                <td className="console-num">{money(line.revenue, line.currency as Currency)}</td>
                <td className="console-num">{money(line.previousRevenue, line.currency as Currency)}</td>
              </tr>
            ))}
          </ConsoleTable>
          <TopContent data={data} num={num} share={share} />
        </>
      )}
    </article>
  );
}
