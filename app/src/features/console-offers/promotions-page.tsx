// /admin/promotions (manage:promotions): limited-free campaigns, latest end first, with a status
// filter and the page kept in the address; each row's window, status, books and categories, and
// its actions (edit, end now, delete, preview what listeners see). The overlap rule is stated.
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Skeleton } from '@/components/async-state/async-state';
import { Pagination } from '@/components/catalog/pagination';
import { ConsoleTable, type Column } from '@/components/console/console-table';
import { FilterSelect } from '@/components/console/filter-select';
import type { AdminCampaign, CampaignStatus } from '@/lib/api/types';
import { useDescribeFailure } from '@/lib/form-errors';
import { pathTo } from '@/lib/paths';
import { useUrlFilters } from '@/lib/use-url-filters';
import { CampaignForm } from './campaign-form';
import { CampaignPreview } from './campaign-preview';
import { STATUS_LABEL } from './labels';
import { offerQueries, useDeleteCampaign, useEndCampaign } from './queries';
import { useWhen } from './time';
import '@/components/catalog/catalog-page.css';
import '@/components/console/console.css';
import './console-offers.css';

const keys = ['status'] as const;
export const pageSize = 20;

export function StatusBadge({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation('console');
  const tone = { running: 'console-badge--on', upcoming: 'console-badge--warn', ended: 'console-badge--off' }[status];
  return <span className={`console-badge ${tone}`}>{STATUS_LABEL[status](t)}</span>;
}

export function AdminPromotionsPage() {
  const { t } = useTranslation('console');
  const id = useId();
  const when = useWhen();
  const describe = useDescribeFailure();
  const { values, page, update } = useUrlFilters(pathTo('adminPromotions'), keys);
  const campaigns = useQuery(offerQueries.campaigns({ status: values.status, page, pageSize }));
  const [editing, setEditing] = useState<AdminCampaign | 'new' | null>(null);
  const [previewing, setPreviewing] = useState<AdminCampaign | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const end = useEndCampaign();
  const remove = useDeleteCampaign();
  const failure = end.error ?? remove.error;

  const columns: Column[] = [
    { key: 'name', heading: t('console.offers.campaigns.columns.name') },
    { key: 'window', heading: t('console.offers.campaigns.columns.window') },
    { key: 'status', heading: t('console.offers.campaigns.columns.status') },
    { key: 'covers', heading: t('console.offers.campaigns.columns.covers') },
    { key: 'actions', heading: t('console.offers.campaigns.columns.actions') },
  ];

  return (
    <div className="console-page">
      <header className="console-head">
        <h1>{t('console.offers.campaigns.title')}</h1>
        <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
          {t('console.offers.campaigns.new')}
        </button>
      </header>
      <p className="offers-note">{t('console.offers.campaigns.overlapRule')}</p>
      {editing !== null ? (
        <CampaignForm
          key={editing === 'new' ? 'new' : editing.id}
          campaign={editing === 'new' ? undefined : editing}
          onSaved={(saved) => {
            setEditing(null);
            setPreviewing(saved);
          }}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      <div className="console-toolbar">
        <div className="filters" role="group" aria-label={t('console.offers.campaigns.filters.label')}>
          <FilterSelect
            id={`${id}-status`}
            label={t('console.offers.campaigns.filters.status')}
            value={values.status}
            options={[
              ['', t('console.offers.campaigns.filters.all')],
              ...Object.entries(STATUS_LABEL).map(([value, label]): [string, string] => [value, label(t)]),
            ]}
            onChange={(status) => update({ status })}
          />
        </div>
      </div>
      {failure ? (
        <p className="form-alert console-alert" role="alert">
          {describe(failure)}
        </p>
      ) : null}
      {campaigns.isPending && <Skeleton count={4} variant="row" />}
      {campaigns.isError && <ErrorState error={campaigns.error} onRetry={() => void campaigns.refetch()} />}
      {campaigns.isSuccess && campaigns.data.total === 0 && (
        <EmptyState>
          {values.status ? t('console.offers.campaigns.emptyFiltered') : t('console.offers.campaigns.empty')}
        </EmptyState>
      )}
      {campaigns.isSuccess && campaigns.data.items.length > 0 && (
        <ConsoleTable label={t('console.offers.campaigns.table')} columns={columns}>
          {campaigns.data.items.map((campaign) => (
            <tr key={campaign.id} data-testid={`campaign-row-${campaign.id}`}>
              <th scope="row">{campaign.name}</th>
              <td>
                {when(campaign.startsAt)} – {when(campaign.endsAt)}
              </td>
              <td>
                <StatusBadge status={campaign.status} />
              </td>
              <td>
                {t('console.offers.campaigns.covers', {
                  books: campaign.books.length,
                  categories: campaign.categories.length,
                })}
              </td>
              <td className="offers-actions">
                <button type="button" className="button button--small" onClick={() => setEditing(campaign)}>
                  {t('console.offers.edit')}
                </button>
                <button type="button" className="button button--small" onClick={() => setPreviewing(campaign)}>
                  {t('console.offers.campaigns.preview')}
                </button>
                {campaign.status !== 'ended' ? (
                  <button
                    type="button"
                    className="button button--small"
                    disabled={end.isPending}
                    onClick={() => end.mutate(campaign.id)}
                  >
                    {t('console.offers.campaigns.endNow')}
                  </button>
                ) : null}
                {confirming === campaign.id ? (
                  <button
                    type="button"
                    className="button button--small button--danger"
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(campaign.id, { onSettled: () => setConfirming(null) })}
                  >
                    {t('console.offers.confirmDelete')}
                  </button>
                ) : (
                  <button type="button" className="button button--small" onClick={() => setConfirming(campaign.id)}>
                    {t('console.offers.delete')}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </ConsoleTable>
      )}
      {campaigns.isSuccess && (
        <Pagination
          page={page}
          pageSize={campaigns.data.pageSize}
          total={campaigns.data.total}
          onPage={(next) => update({ page: next })}
        />
      )}
      {previewing ? <CampaignPreview key={previewing.id} id={previewing.id} name={previewing.name} /> : null}
    </div>
  );
}
