// /admin/plans (manage:orders): every membership plan, on sale or not, each an editable card of its
// three prices and its sale state with its own Save (orders already made keep their price).
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Skeleton } from '@/components/async-state/async-state';
import { PlanCard } from './plan-card';
import { orderQueries } from './queries';
import '@/components/console/console.css';
import './console-orders.css';

export function AdminPlansPage() {
  const { t } = useTranslation('console');
  const plans = useQuery(orderQueries.plans());
  return (
    <div className="console-page">
      <header className="console-head">
        <h1>{t('console.orders.plans.title')}</h1>
      </header>
      <p className="field__hint">{t('console.orders.plans.lead')}</p>
      {plans.isPending && <Skeleton count={4} variant="card" />}
      {plans.isError && <ErrorState error={plans.error} onRetry={() => void plans.refetch()} />}
      {plans.isSuccess && plans.data.items.length === 0 && <EmptyState>{t('console.orders.plans.empty')}</EmptyState>}
      {plans.isSuccess && plans.data.items.length > 0 && (
        <div className="plan-grid">
          {plans.data.items.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </div>
      )}
    </div>
  );
}
