// /admin/orders (manage:orders): every order, newest first, with a state filter and the page kept
// in the address as the other console lists do; each row shows the order's id, buyer, item, kind,
// amount in its own currency, state, provider and times. Opening a row (a click, or its button by
// keyboard) shows its detail below the list, also kept in the address (`?order=`) so it can be shared.
import { useId, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Skeleton } from '@/components/async-state/async-state';
import { Pagination } from '@/components/catalog/pagination';
import { ConsoleTable, type Column } from '@/components/console/console-table';
import { FilterSelect } from '@/components/console/filter-select';
import { isRecordId } from '@/lib/core';
import { pathTo } from '@/lib/paths';
import { useUrlFilters } from '@/lib/use-url-filters';
import { Amount, Time, useOrderFormat } from './format';
import { KIND_LABEL, orderItem, STATE_LABEL } from './labels';
import { OrderDetail } from './order-detail';
import { orderQueries } from './queries';
import { StateBadge } from './state-badge';
import '@/components/catalog/catalog-page.css';
import '@/components/console/console.css';
import './console-orders.css';

const keys = ['state', 'order'] as const;
/** The server's own page size for orders. */
export const pageSize = 20;

export function AdminOrdersPage() {
  const { t } = useTranslation('console');
  const id = useId();
  const { num } = useOrderFormat();
  const { values, page, update } = useUrlFilters(pathTo('adminOrders'), keys);
  const orders = useQuery(orderQueries.orders({ state: values.state, page, pageSize }));
  const openId = isRecordId({ value: values.order }) ? Number(values.order) : null;
  const openers = useRef(new Map<number, HTMLButtonElement>());
  const panelId = `${id}-order`;

  const toggle = (orderId: number) => update({ order: openId === orderId ? '' : orderId, page });
  const close = () => {
    update({ order: '', page });
    if (openId !== null) openers.current.get(openId)?.focus();
  };

  const columns: Column[] = [
    { key: 'id', heading: t('console.orders.columns.id') },
    { key: 'buyer', heading: t('console.orders.columns.buyer') },
    { key: 'item', heading: t('console.orders.columns.item') },
    { key: 'kind', heading: t('console.orders.columns.kind') },
    { key: 'amount', heading: t('console.orders.columns.amount'), numeric: true },
    { key: 'state', heading: t('console.orders.columns.state') },
    { key: 'provider', heading: t('console.orders.columns.provider') },
    { key: 'created', heading: t('console.orders.columns.created') },
    { key: 'paid', heading: t('console.orders.columns.paid') },
  ];

  return (
    <div className="console-page">
      <header className="console-head">
        <h1>{t('console.orders.title')}</h1>
      </header>
      <div className="console-toolbar">
        <div className="filters" role="group" aria-label={t('console.orders.filters.label')}>
          <FilterSelect
            id={`${id}-state`}
            label={t('console.orders.filters.state')}
            value={values.state}
            options={[
              ['', t('console.orders.filters.all')],
              ...Object.entries(STATE_LABEL).map(([value, label]): [string, string] => [value, label(t)]),
            ]}
            onChange={(state) => update({ state, order: '' })}
          />
        </div>
      </div>

      {orders.isPending && <Skeleton count={6} variant="row" />}
      {orders.isError && <ErrorState error={orders.error} onRetry={() => void orders.refetch()} />}
      {orders.isSuccess && orders.data.total === 0 && (
        <EmptyState>{values.state ? t('console.orders.emptyFiltered') : t('console.orders.empty')}</EmptyState>
      )}
      {orders.isSuccess && orders.data.items.length > 0 && (
        <>
          <p className="result-count">
            {t('console.orders.count', { count: orders.data.total, formatted: num(orders.data.total) })}
          </p>
          <ConsoleTable label={t('console.orders.table')} columns={columns}>
            {orders.data.items.map((order) => {
              const open = order.id === openId;
              return (
                <tr
                  key={order.id}
                  data-testid={`order-row-${order.id}`}
                  className={open ? 'order-row order-row--open' : 'order-row'}
                  onClick={() => toggle(order.id)}
                >
                  <th scope="row">
                    {/* The row's keyboard way in; its click reaches the row. */}
                    <button
                      type="button"
                      className="order-open"
                      ref={(button) => {
                        if (button) openers.current.set(order.id, button);
                        else openers.current.delete(order.id);
                      }}
                      aria-expanded={open}
                      aria-controls={open ? panelId : undefined}
                      aria-label={t('console.orders.open', { id: order.id })}
                    >
                      #{order.id}
                    </button>
                  </th>
                  <td>
                    {order.username ?? '—'}
                    <span className="console-sub">{t('console.orders.buyerId', { id: order.userId })}</span>
                  </td>
                  <td>
                    <span className="order-item" title={orderItem(order, t)}>
                      {orderItem(order, t)}
                    </span>
                  </td>
                  <td>{KIND_LABEL[order.kind](t)}</td>
                  <td className="console-num">
                    <Amount amountMinor={order.amount} currency={order.currency} />
                  </td>
                  <td>
                    <StateBadge state={order.state} confirming={order.confirming} />
                  </td>
                  <td>{order.provider}</td>
                  <td>
                    <Time ms={order.createdAt} />
                  </td>
                  <td>
                    <Time ms={order.paidAt} />
                  </td>
                </tr>
              );
            })}
          </ConsoleTable>
        </>
      )}
      {orders.isSuccess && (
        <Pagination
          page={page}
          pageSize={orders.data.pageSize}
          total={orders.data.total}
          onPage={(next) => update({ page: next, order: '' })}
        />
      )}
      {openId !== null ? <OrderDetail key={openId} id={panelId} orderId={openId} onClose={close} /> : null}
    </div>
  );
}
