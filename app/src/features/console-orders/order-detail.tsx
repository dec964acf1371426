// One order opened from the list: its facts (buyer, item, amount, provider and its reference,
// times, membership time added), every transition (time, from → to, cause) oldest first, and for a
// paid order the refund. The heading takes the focus when it opens, for keyboard and screen readers.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorState, Skeleton } from '@/components/async-state/async-state';
import type { AdminOrder, OrderEventView } from '@/lib/api/types';
import { Amount, grantedDays, Time, useOrderFormat } from './format';
import { KIND_LABEL, orderItem, STATE_LABEL } from './labels';
import { orderQueries } from './queries';
import { RefundAction } from './refund-action';
import { StateBadge } from './state-badge';

function Facts({ order }: { order: AdminOrder }) {
  const { t } = useTranslation('console');
  const { num } = useOrderFormat();
  const days = grantedDays(order.grantAddedMs);
  const facts: [string, ReactNode][] = [
    [
      t('console.orders.columns.buyer'),
      <>
        {order.username ?? '—'}
        <span className="console-sub">{t('console.orders.buyerId', { id: order.userId })}</span>
      </>,
    ],
    [t('console.orders.columns.item'), orderItem(order, t)],
    [t('console.orders.columns.kind'), KIND_LABEL[order.kind](t)],
    [t('console.orders.columns.amount'), <Amount key="amount" amountMinor={order.amount} currency={order.currency} />],
    [t('console.orders.columns.state'), <StateBadge key="state" state={order.state} confirming={order.confirming} />],
    [t('console.orders.columns.provider'), order.provider],
    [t('console.orders.detail.providerRef'), order.providerRef ? <code>{order.providerRef}</code> : '—'],
    [t('console.orders.columns.created'), <Time key="created" ms={order.createdAt} />],
    [t('console.orders.columns.paid'), <Time key="paid" ms={order.paidAt} />],
  ];
  if (order.state === 'pending')
    facts.push([t('console.orders.detail.expires'), <Time key="exp" ms={order.expiresAt} />]);
  if (order.kind === 'plan') {
    facts.push([
      t('console.orders.detail.granted'),
      days == null
        ? t('console.orders.detail.lifetime')
        : t('console.orders.detail.days', { count: days, formatted: num(days) }),
    ]);
    facts.push([
      t('console.orders.detail.autoRenew'),
      order.autoRenew ? t('console.orders.detail.yes') : t('console.orders.detail.no'),
    ]);
  }
  return (
    <dl className="order-facts">
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Events({ events }: { events: OrderEventView[] }) {
  const { t } = useTranslation('console');
  const headingId = useId();
  return (
    <section className="order-history" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('console.orders.events.title')}</h3>
      {events.length === 0 ? (
        <p className="field__hint">{t('console.orders.events.empty')}</p>
      ) : (
        <ol className="order-events" data-testid="order-events">
          {events.map((event, index) => (
            <li key={`${event.at}-${index}`}>
              <span className="order-events__time">
                <Time ms={event.at} />
              </span>
              <span className="order-events__move">
                {event.from ? STATE_LABEL[event.from](t) : t('console.orders.events.created')}
                <span aria-hidden="true"> → </span>
                <span className="visually-hidden"> {t('console.orders.events.to')} </span>
                {STATE_LABEL[event.to](t)}
              </span>
              <span className="order-events__cause">{event.cause}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function OrderDetail({ id, orderId, onClose }: { id: string; orderId: number; onClose: () => void }) {
  const { t } = useTranslation('console');
  const detail = useQuery(orderQueries.order(orderId));
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [orderId]);

  return (
    <section id={id} className="order-detail card" aria-labelledby={`${id}-title`} aria-busy={detail.isPending}>
      <div className="order-detail__head">
        <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
          {t('console.orders.detail.title', { id: orderId })}
        </h2>
        <button type="button" className="button button--small" onClick={onClose}>
          {t('console.orders.detail.close')}
        </button>
      </div>
      {detail.isPending && <Skeleton count={3} variant="row" />}
      {detail.isError && <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />}
      {detail.isSuccess && (
        <>
          <Facts order={detail.data} />
          <Events events={detail.data.events} />
          {detail.data.state === 'paid' ? <RefundAction key={detail.data.id} order={detail.data} /> : null}
        </>
      )}
    </section>
  );
}
