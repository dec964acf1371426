// /payment/failed?order=<id>[&reason=abandoned]: the payment did not go through (declined, or the
// checkout was left). A signed-in buyer whose order still waits may pay it again or cancel it;
// everyone may choose a plan or go home. Nothing is granted here.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { ConfirmButton } from '@/components/overlay/confirm-button';
import { failureMessage } from '@/components/shop/failure-message';
import { useToast } from '@/components/toast/use-toast';
import { useCurrentUser } from '@/features/auth/use-auth';
import { useViewer } from '@/features/auth/use-viewer';
import { pathTo } from '@/lib/paths';
import { shopQueries, useCancelOrder } from '@/lib/queries/shop';
import { goToCheckout } from '@/lib/shop-api';
import { orderIdParam } from './order-param';
import { OrderSummary } from './order-summary';
import './membership.css';

/** The buyer's own order: pay it again or cancel it while it waits; a paid one points to its result. */
function OrderActions({ id }: { id: number }) {
  const { t } = useTranslation('shop');
  const { toast } = useToast();
  const viewer = useViewer();
  const order = useQuery(shopQueries.order(viewer, id));
  const cancel = useCancelOrder(viewer.userId);
  // Not found, not theirs, or unreadable: the page says what it says without it.
  if (!order.isSuccess) return null;
  const data = order.data;

  const cancelOrder = async () => {
    try {
      await cancel.mutateAsync(data.id);
      toast({ color: 'success', icon: 'success', title: t('shop.orders.cancelled') });
    } catch (error) {
      toast({ color: 'error', icon: 'error', title: failureMessage(error, t) });
    }
  };

  return (
    <section className="shop-result__order">
      <OrderSummary order={data} />
      {data.state === 'pending' && data.checkoutUrl ? (
        <div className="shop-actions">
          <button
            type="button"
            className="button button--primary"
            data-testid="pay-again"
            onClick={() => goToCheckout(data.checkoutUrl!)}
          >
            {t('shop.failed.payAgain')}
          </button>
          <ConfirmButton
            testId="cancel-order"
            label={t('shop.orders.cancel')}
            title={t('shop.orders.confirmCancel')}
            description={t('shop.orders.confirmCancelDetail')}
            disabled={cancel.isPending}
            onConfirm={cancelOrder}
          />
        </div>
      ) : data.state === 'paid' ? (
        <p className="shop-notice">
          {t('shop.failed.paidAfterAll')}{' '}
          <LocalizedLink to={`${pathTo('paymentSuccess')}?order=${data.id}`}>
            {t('shop.failed.seeResult')}
          </LocalizedLink>
        </p>
      ) : (
        <p className="field__hint">{t('shop.failed.closed')}</p>
      )}
    </section>
  );
}

export function PaymentFailedPage() {
  const { t } = useTranslation('shop');
  const [params] = useSearchParams();
  const user = useCurrentUser();
  const id = orderIdParam(params.get('order'));
  const abandoned = params.get('reason') === 'abandoned';

  return (
    <div className="shop-result" data-testid="payment-failed" data-reason={abandoned ? 'abandoned' : 'declined'}>
      <h1 className="page__title shop-result__title">
        {abandoned ? t('shop.failed.abandonedTitle') : t('shop.failed.declinedTitle')}
      </h1>
      <p>{abandoned ? t('shop.failed.abandoned') : t('shop.failed.declined')}</p>
      <p className="field__hint">{t('shop.failed.nothingCharged')}</p>
      {user && id !== null && <OrderActions id={id} />}
      <div className="shop-actions">
        <LocalizedLink className="button button--primary" data-testid="choose-plan" to={pathTo('subscription')}>
          {t('shop.failed.choosePlan')}
        </LocalizedLink>
        <LocalizedLink className="button" to={pathTo('home')}>
          {t('shop.common.home')}
        </LocalizedLink>
      </div>
    </div>
  );
}
