// /payment/success?order=<id>: where the checkout returns after an approved payment. The payment is
// confirmed by the provider's notification, so the order is read every second until it is final.
// Paid: the user and every catalogue answer are read again, then (after ~2 s, or at once with
// "continue") the buyer goes back to the order's `redirect`, their membership, or the book.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorState } from '@/components/async-state/async-state';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { authStore } from '@/features/auth/auth-store';
import type { OrderState, OrderView } from '@/lib/api/types';
import type { Label } from '@/lib/i18n';
import { useLocalize } from '@/lib/lang';
import { pathTo } from '@/lib/paths';
import { purchaseCompleted } from '@/lib/queries/shop';
import { orderIdParam } from './order-param';
import { OrderSummary } from './order-summary';
import { safeRedirect } from './safe-redirect';
import { useOrderPolling } from './use-order-polling';
import './membership.css';

/** How long the success message shows before the buyer is sent on. */
export const continueAfterMs = 2_000;

/** Where a paid order sends its buyer: its `redirect`, else their membership (plans) or what they bought. */
export function afterPayment(order: OrderView): string {
  const back = safeRedirect(order.redirect);
  if (back) return back;
  if (order.kind === 'plan') return pathTo('profileMembership');
  if (order.bookId == null) return pathTo('profilePurchases');
  if (order.kind === 'chapter' && order.chapterId != null) {
    return pathTo('chapter', { id: order.bookId, chapterId: order.chapterId });
  }
  return pathTo('bookDetail', { id: order.bookId });
}

/** Where to try again after an order that did not go through. */
function retryTarget(order: OrderView): string {
  return order.kind === 'plan' || order.bookId == null
    ? pathTo('subscription')
    : `${pathTo('bookDetail', { id: order.bookId })}#buy`;
}

function Paid({ order }: { order: OrderView }) {
  const { t } = useTranslation('shop');
  const navigate = useNavigate();
  const localize = useLocalize();
  const queryClient = useQueryClient();
  const refreshed = useRef<Promise<unknown> | null>(null);
  const [leaving, setLeaving] = useState(false);
  const target = localize(afterPayment(order));

  // Once: the membership or the purchase changed what the user may hear (and which guards pass).
  const refresh = useCallback(
    () => (refreshed.current ??= Promise.allSettled([authStore.fetchCurrentUser(), purchaseCompleted(queryClient)])),
    [queryClient],
  );

  useEffect(() => {
    const done = refresh();
    let cancelled = false;
    const timer = setTimeout(() => {
      void done.then(() => {
        if (!cancelled) void navigate(target, { replace: true });
      });
    }, continueAfterMs);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [refresh, navigate, target]);

  const continueNow = async () => {
    setLeaving(true);
    await refresh();
    void navigate(target, { replace: true });
  };

  return (
    <>
      <h1 className="page__title shop-result__title shop-result__title--success">{t('shop.success.paidTitle')}</h1>
      <p>{order.kind === 'plan' ? t('shop.success.paidPlan') : t('shop.success.paidItem')}</p>
      <OrderSummary order={order} />
      <p className="field__hint">{t('shop.success.returning')}</p>
      <div className="shop-actions">
        <button
          type="button"
          className="button button--primary"
          data-testid="payment-continue"
          disabled={leaving}
          onClick={() => void continueNow()}
        >
          {t('shop.success.continue')}
        </button>
      </div>
    </>
  );
}

/** Why a final order is not a success, one literal key each. */
const NOT_PAID_TEXT = {
  failed: (t) => t('shop.success.failed'),
  cancelled: (t) => t('shop.success.cancelled'),
  refunded: (t) => t('shop.success.refunded'),
} satisfies Record<Exclude<OrderState, 'pending' | 'paid'>, Label>;

function NotPaid({ order, state }: { order: OrderView; state: keyof typeof NOT_PAID_TEXT }) {
  const { t } = useTranslation('shop');
  return (
    <>
      <h1 className="page__title shop-result__title">{t('shop.success.notPaidTitle')}</h1>
      <p data-testid="payment-not-paid">{NOT_PAID_TEXT[state](t)}</p>
      <OrderSummary order={order} />
      <div className="shop-actions">
        <LocalizedLink className="button button--primary" to={retryTarget(order)}>
          {t('shop.common.tryAgain')}
        </LocalizedLink>
        {state === 'failed' && (
          <LocalizedLink className="button" to={`${pathTo('paymentFailed')}?order=${order.id}`}>
            {t('shop.success.details')}
          </LocalizedLink>
        )}
        <LocalizedLink className="button" to={pathTo('home')}>
          {t('shop.common.home')}
        </LocalizedLink>
      </div>
    </>
  );
}

function Confirming({
  stillConfirming,
  paid,
  onRefresh,
}: {
  stillConfirming: boolean;
  paid: boolean;
  onRefresh: () => void;
}) {
  const { t } = useTranslation('shop');
  return (
    <>
      <h1 className="page__title shop-result__title">{t('shop.success.confirmingTitle')}</h1>
      {paid ? (
        <p className="shop-progress" data-testid="payment-confirming-paid">
          <span className="shop-spinner" aria-hidden="true" />
          {t('shop.success.confirmingPaid')}
        </p>
      ) : stillConfirming ? (
        <>
          <p>{t('shop.success.stillConfirming')}</p>
          <div className="shop-actions">
            <button type="button" className="button button--primary" onClick={onRefresh}>
              {t('shop.success.refresh')}
            </button>
          </div>
        </>
      ) : (
        <p className="shop-progress">
          <span className="shop-spinner" aria-hidden="true" />
          {t('shop.success.confirming')}
        </p>
      )}
    </>
  );
}

function OrderProgress({ id }: { id: number }) {
  const { t } = useTranslation('shop');
  const { order, stillConfirming, refresh } = useOrderPolling(id);
  const data = order.data;
  const state = data?.state ?? (order.isError ? 'error' : 'loading');

  return (
    <div className="shop-result" data-testid="payment-status" data-state={state} aria-live="polite">
      {data === undefined && order.isError ? (
        <>
          <h1 className="page__title shop-result__title">{t('shop.success.unknownTitle')}</h1>
          <ErrorState error={order.error} onRetry={refresh} />
          <LocalizedLink to={pathTo('home')}>{t('shop.common.home')}</LocalizedLink>
        </>
      ) : data === undefined || data.state === 'pending' ? (
        <Confirming stillConfirming={stillConfirming} paid={data?.confirming === true} onRefresh={refresh} />
      ) : data.state === 'paid' ? (
        <Paid order={data} />
      ) : (
        <NotPaid order={data} state={data.state} />
      )}
    </div>
  );
}

export function PaymentSuccessPage() {
  const { t } = useTranslation('shop');
  const [params] = useSearchParams();
  const id = orderIdParam(params.get('order'));
  if (id === null) {
    return (
      <div className="shop-result" data-testid="payment-status" data-state="invalid">
        <h1 className="page__title shop-result__title">{t('shop.success.unknownTitle')}</h1>
        <p role="alert">{t('shop.success.badOrder')}</p>
        <LocalizedLink className="button button--primary" to={pathTo('home')}>
          {t('shop.common.home')}
        </LocalizedLink>
      </div>
    );
  }
  return <OrderProgress key={id} id={id} />;
}
