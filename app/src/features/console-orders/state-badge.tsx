// An order's state as a coloured badge with its translated name; a pending order paid at the
// provider (its notification on its way) reads "being confirmed".
import { useTranslation } from 'react-i18next';
import type { OrderState } from '@/lib/api/types';
import { STATE_BADGE, STATE_LABEL } from './labels';

export function StateBadge({ state, confirming = false }: { state: OrderState; confirming?: boolean }) {
  const { t } = useTranslation('console');
  return (
    <span className={`console-badge ${STATE_BADGE[state]}`}>
      {confirming ? t('console.orders.confirming') : STATE_LABEL[state](t)}
    </span>
  );
}
