// An order's state as a coloured badge with its translated name.
import { useTranslation } from 'react-i18next';
import type { OrderState } from '@/lib/api/types';
import { STATE_BADGE, STATE_LABEL } from './labels';

export function StateBadge({ state }: { state: OrderState }) {
  const { t } = useTranslation('console');
  return <span className={`console-badge ${STATE_BADGE[state]}`}>{STATE_LABEL[state](t)}</span>;
}
