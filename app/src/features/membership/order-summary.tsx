// What an order buys and what it costs (in the order's own currency), as the payment pages show it.
import { useTranslation } from 'react-i18next';
import type { OrderView } from '@/lib/api/types';
import { formatCurrency } from '@/lib/core';
import { useLang } from '@/lib/lang';
import { ORDER_KIND } from './labels';
import { OrderItemTitle } from './order-item-title';

export function OrderSummary({ order }: { order: OrderView }) {
  const { t } = useTranslation('shop');
  const { lang } = useLang();
  return (
    <dl className="order-summary" data-testid="order-summary">
      <dt>{t('shop.orders.item')}</dt>
      <dd>
        <OrderItemTitle order={order} /> <span className="order-summary__kind">({ORDER_KIND[order.kind](t)})</span>
      </dd>
      <dt>{t('shop.orders.amount')}</dt>
      <dd data-testid="order-amount">
        {formatCurrency({ amountMinor: order.amount, lang, currency: order.currency })}
      </dd>
      <dt>{t('shop.orders.number')}</dt>
      <dd>{order.id}</dd>
    </dl>
  );
}
