// What an order buys, each title marked with the language it is written in (as the catalogue shows titles).
import { useTranslation } from 'react-i18next';
import { TextIn } from '@/components/text-in/text-in';
import { orderTitle, type OrderItem } from './labels';

export function OrderItemTitle({ order }: { order: OrderItem }) {
  const { t } = useTranslation('shop');
  if (order.kind === 'plan') return <>{orderTitle(order, t)}</>;
  // The title recorded when ordered is the book's Chinese title.
  if (!order.book) return <TextIn lang="zh">{order.title}</TextIn>;
  return (
    <>
      <TextIn lang={order.book.titleLang}>{order.book.title}</TextIn>
      {order.chapter && (
        <>
          {' · '}
          <TextIn lang={order.chapter.titleLang}>{order.chapter.title}</TextIn>
        </>
      )}
    </>
  );
}
