// /profile/purchases: the caller's orders, newest first and paged: what, kind, state, amount in the
// order's own currency and date; a pending order may be paid (its checkout) or cancelled (confirmed first).
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Skeleton } from '@/components/async-state/async-state';
import { Pagination } from '@/components/catalog/pagination';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { ConfirmButton } from '@/components/overlay/confirm-button';
import { failureMessage } from '@/components/shop/failure-message';
import { useToast } from '@/components/toast/use-toast';
import { useCurrentUser } from '@/features/auth/use-auth';
import { useViewer } from '@/features/auth/use-viewer';
import type { OrderView } from '@/lib/api/types';
import { formatCurrency } from '@/lib/core';
import { formatDate } from '@/lib/core-pages';
import { useLang } from '@/lib/lang';
import { pathTo } from '@/lib/paths';
import { shopQueries, useCancelOrder } from '@/lib/queries/shop';
import { goToCheckout } from '@/lib/shop-api';
import { ORDER_KIND, ORDER_STATE, orderTitle } from './labels';
import { OrderItemTitle } from './order-item-title';
import { ProfileNav } from './profile-nav';
import './membership.css';

export const ordersPageSize = 20;

function OrderRow({ order, onCancel, cancelling }: { order: OrderView; onCancel: () => void; cancelling: boolean }) {
  const { t } = useTranslation('shop');
  const { lang } = useLang();
  const timezone = useCurrentUser()?.preferences.timezone;
  const title = orderTitle(order, t);
  // Paid at the provider, its notification on its way: neither payable again nor cancellable.
  const payable = order.state === 'pending' && order.checkoutUrl && !order.confirming;

  return (
    <li className="order-row" data-testid={`order-row-${order.id}`} data-state={order.state}>
      <div className="order-row__main">
        <span className="order-row__title">
          {order.kind !== 'plan' && order.bookId != null ? (
            <LocalizedLink to={pathTo('bookDetail', { id: order.bookId })}>
              <OrderItemTitle order={order} />
            </LocalizedLink>
          ) : (
            <OrderItemTitle order={order} />
          )}
        </span>
        <span className="order-row__meta">
          {ORDER_KIND[order.kind](t)} ·{' '}
          <time dateTime={new Date(order.createdAt).toISOString()}>
            {formatDate({ timestampMs: order.createdAt, lang, timezone })}
          </time>
        </span>
      </div>
      <span className={`order-state order-state--${order.state}`} data-testid="order-state">
        {order.confirming ? t('shop.orders.confirming') : ORDER_STATE[order.state](t)}
      </span>
      <span className="order-row__amount" data-testid="order-amount">
        {formatCurrency({ amountMinor: order.amount, lang, currency: order.currency })}
      </span>
      {payable && (
        <div className="order-row__actions">
          <button
            type="button"
            className="button button--primary button--small"
            data-testid={`pay-order-${order.id}`}
            aria-label={t('shop.orders.payNamed', { title })}
            onClick={() => goToCheckout(order.checkoutUrl!)}
          >
            {t('shop.orders.pay')}
          </button>
          <ConfirmButton
            className="button button--small"
            testId={`cancel-order-${order.id}`}
            label={t('shop.orders.cancel')}
            ariaLabel={t('shop.orders.cancelNamed', { title })}
            title={t('shop.orders.confirmCancel')}
            description={t('shop.orders.confirmCancelDetail')}
            disabled={cancelling}
            onConfirm={onCancel}
          />
        </div>
      )}
    </li>
  );
}

export function ProfilePurchasesPage() {
  const { t } = useTranslation('shop');
  const { toast } = useToast();
  const viewer = useViewer();
  const [page, setPage] = useState(1);
  const orders = useQuery(shopQueries.orders(viewer, page, ordersPageSize));
  const cancel = useCancelOrder(viewer.userId);

  const cancelOrder = async (id: number) => {
    try {
      await cancel.mutateAsync(id);
      toast({ color: 'success', icon: 'success', title: t('shop.orders.cancelled') });
    } catch (error) {
      toast({ color: 'error', icon: 'error', title: failureMessage(error, t) });
    }
  };

  return (
    <article className="page shop-page">
      <ProfileNav />
      <h1 className="page__title">{t('shop.purchases.title')}</h1>
      {orders.isPending && <Skeleton count={3} variant="row" />}
      {orders.isError && <ErrorState error={orders.error} onRetry={() => void orders.refetch()} />}
      {orders.isSuccess &&
        (orders.data.items.length === 0 ? (
          <EmptyState
            action={
              <LocalizedLink className="button button--primary" to={pathTo('subscription')}>
                {t('shop.purchases.browsePlans')}
              </LocalizedLink>
            }
          >
            {t('shop.purchases.empty')}
          </EmptyState>
        ) : (
          <>
            <ul className="order-list" data-testid="order-list">
              {orders.data.items.map((order) => (
                <OrderRow
                  key={order.id}
                  order={order}
                  cancelling={cancel.isPending && cancel.variables === order.id}
                  onCancel={() => void cancelOrder(order.id)}
                />
              ))}
            </ul>
            <Pagination page={page} pageSize={orders.data.pageSize} total={orders.data.total} onPage={setPage} />
          </>
        ))}
    </article>
  );
}
