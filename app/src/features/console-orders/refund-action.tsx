// A paid order's refund: an optional reason (kept in the order's history), then a confirmation that
// says how much goes back to whom and exactly what the refund takes back (the membership time the
// order added, the lifetime membership, or the bought book or chapter). The server's refusal (409
// when the order is no longer paid) is shown in its own words.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from '@/components/form-field/form-field';
import { ConfirmButton } from '@/components/overlay/confirm-button';
import { useToast } from '@/components/toast/use-toast';
import type { AdminOrder } from '@/lib/api/types';
import { serverFields, useDescribeFailure } from '@/lib/form-errors';
import { grantedDays, useOrderFormat } from './format';
import { useRefundOrder } from './queries';

/** The longest reason the server keeps (it cuts a longer one). */
export const reasonMaxChars = 200;

export function RefundAction({ order }: { order: AdminOrder }) {
  const { t } = useTranslation('console');
  const { toast } = useToast();
  const describeFailure = useDescribeFailure();
  const { money, num } = useOrderFormat();
  const headingId = useId();
  const refund = useRefundOrder();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();

  const amount = money(order.amount, order.currency);
  const buyer = order.username ?? t('console.orders.buyerId', { id: order.userId });
  const taken = () => {
    if (order.kind === 'book') return t('console.orders.refund.takesBook', { title: order.title });
    if (order.kind === 'chapter') return t('console.orders.refund.takesChapter', { title: order.title });
    const days = grantedDays(order.grantAddedMs);
    if (days === null) return t('console.orders.refund.takesLifetime');
    return t('console.orders.refund.takesMembership', { count: days, formatted: num(days) });
  };

  const run = async () => {
    setReasonError(undefined);
    try {
      await refund.mutateAsync({ id: order.id, reason });
      setReason('');
      toast({ color: 'success', icon: 'success', title: t('console.orders.refund.done', { id: order.id, amount }) });
    } catch (error) {
      setReasonError(serverFields(error).reason);
      const message = describeFailure(error);
      if (message) toast({ color: 'error', icon: 'error', title: message });
    }
  };

  return (
    <section className="order-refund" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('console.orders.refund.title')}</h3>
      <TextAreaField
        name="reason"
        rows={2}
        maxLength={reasonMaxChars}
        label={t('console.orders.refund.reason')}
        hint={t('console.orders.refund.reasonHint', { max: num(reasonMaxChars) })}
        value={reason}
        onValueChange={(value) => {
          setReason(value);
          setReasonError(undefined);
        }}
        error={reasonError}
      />
      <div className="console-actions">
        <ConfirmButton
          className="button console-danger"
          testId={`refund-order-${order.id}`}
          label={t('console.orders.refund.action')}
          title={t('console.orders.refund.confirmTitle', { id: order.id, amount })}
          description={t('console.orders.refund.confirmDescription', {
            amount,
            buyer,
            provider: order.provider,
            what: taken(),
          })}
          disabled={refund.isPending}
          onConfirm={run}
        >
          {refund.isPending ? t('console.orders.refund.running') : undefined}
        </ConfirmButton>
      </div>
    </section>
  );
}
