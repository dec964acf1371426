// The security page's anti-crawler section: the proof-of-work difficulty asked now (the site's level
// between the base and the ceiling), the refusals of the last minute, reports dropped if any, and the
// latest detection reports with a type filter kept in the address (beside the events' own filter).
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Skeleton } from '@/components/async-state/async-state';
import { ConsoleTable, type Column } from '@/components/console/console-table';
import { FilterSelect } from '@/components/console/filter-select';
import type { Label } from '@/lib/i18n';
import { pathTo } from '@/lib/paths';
import { useUrlFilters } from '@/lib/use-url-filters';
import { Time, useLogFormat } from './format';
import type { AntiCrawlerOverview, CrawlerReportType } from './logs-api';
import { logQueries } from './queries';

/** How many of the latest reports the section lists. */
export const reportLimit = 50;

const keys = ['report'] as const;

export const REPORT_TYPE_LABEL = {
  devtools: (t) => t('console.logs.security.antiCrawler.types.devtools'),
  debugger: (t) => t('console.logs.security.antiCrawler.types.debugger'),
  extensions: (t) => t('console.logs.security.antiCrawler.types.extensions'),
  hooks: (t) => t('console.logs.security.antiCrawler.types.hooks'),
  integrity: (t) => t('console.logs.security.antiCrawler.types.integrity'),
} satisfies Record<CrawlerReportType, Label>;

const reportTypes = Object.keys(REPORT_TYPE_LABEL) as CrawlerReportType[];

/** A report type the server knows, or undefined (all) for anything else in the address. */
const knownType = (value: string) => reportTypes.find((type) => type === value);

export function AntiCrawlerSection() {
  const { t } = useTranslation('console');
  const id = useId();
  const { values, update } = useUrlFilters(pathTo('adminSecurity'), keys);
  const type = knownType(values.report);
  const overview = useQuery(logQueries.antiCrawler({ type, limit: reportLimit }));
  return (
    <section className="log-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('console.logs.security.antiCrawler.title')}</h2>
      <p className="console-sub">{t('console.logs.security.antiCrawler.explain')}</p>
      <div className="console-toolbar">
        <div className="filters" role="group" aria-label={t('console.logs.security.antiCrawler.filters')}>
          <FilterSelect
            id={`${id}-type`}
            label={t('console.logs.security.antiCrawler.type')}
            value={type ?? ''}
            options={[
              ['', t('console.logs.filters.all')],
              ...reportTypes.map((known): [string, string] => [known, REPORT_TYPE_LABEL[known](t)]),
            ]}
            // The events' page stays where it was: this filter is not theirs.
            onChange={(report) => update({ report, page: values.page })}
          />
        </div>
      </div>
      {overview.isPending && <Skeleton count={3} variant="row" />}
      {overview.isError && <ErrorState error={overview.error} onRetry={() => void overview.refetch()} />}
      {overview.isSuccess && <Figures overview={overview.data} />}
      {overview.isSuccess && overview.data.reports.length === 0 && (
        <EmptyState>
          {type ? t('console.logs.security.antiCrawler.emptyType') : t('console.logs.security.antiCrawler.empty')}
        </EmptyState>
      )}
      {overview.isSuccess && overview.data.reports.length > 0 && <Reports reports={overview.data.reports} />}
    </section>
  );
}

function Figures({ overview }: { overview: AntiCrawlerOverview }) {
  const { t } = useTranslation('console');
  const { num } = useLogFormat();
  const { baseDifficulty, maxDifficulty, siteDifficulty, refusalsLastMinute, reportsDropped } = overview;
  return (
    <dl
      className="log-figures"
      aria-label={t('console.logs.security.antiCrawler.figures')}
      data-testid="crawler-figures"
    >
      <div>
        <dt>{t('console.logs.security.antiCrawler.site')}</dt>
        <dd>
          {num(siteDifficulty)}{' '}
          <meter
            min={baseDifficulty}
            max={maxDifficulty}
            value={siteDifficulty}
            aria-label={t('console.logs.security.antiCrawler.level')}
          />
        </dd>
      </div>
      <div>
        <dt>{t('console.logs.security.antiCrawler.base')}</dt>
        <dd>{num(baseDifficulty)}</dd>
      </div>
      <div>
        <dt>{t('console.logs.security.antiCrawler.ceiling')}</dt>
        <dd>{num(maxDifficulty)}</dd>
      </div>
      <div>
        <dt>{t('console.logs.security.antiCrawler.refusals')}</dt>
        <dd>{num(refusalsLastMinute)}</dd>
      </div>
      {reportsDropped > 0 ? (
        <div>
          <dt>{t('console.logs.security.antiCrawler.dropped')}</dt>
          <dd>
            <span className="console-badge console-badge--warn">{num(reportsDropped)}</span>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

function Reports({ reports }: { reports: AntiCrawlerOverview['reports'] }) {
  const { t } = useTranslation('console');
  const columns: Column[] = [
    { key: 'received', heading: t('console.logs.security.antiCrawler.received') },
    { key: 'type', heading: t('console.logs.security.antiCrawler.type') },
    { key: 'visitor', heading: t('console.logs.security.antiCrawler.visitor') },
    { key: 'details', heading: t('console.logs.security.antiCrawler.details') },
  ];
  return (
    <ConsoleTable label={t('console.logs.security.antiCrawler.table')} columns={columns}>
      {reports.map((report) => {
        const known = knownType(report.type);
        return (
          <tr key={report.id} data-testid={`crawler-report-${report.id}`}>
            <td>
              <Time ms={report.receivedAt} />
            </td>
            <td>{known ? REPORT_TYPE_LABEL[known](t) : <code>{report.type}</code>}</td>
            <td>
              <code className="log-agent" title={report.visitor}>
                {report.visitorId}
              </code>
            </td>
            <td>
              <code className="log-details">{JSON.stringify(report.details)}</code>
            </td>
          </tr>
        );
      })}
    </ConsoleTable>
  );
}
