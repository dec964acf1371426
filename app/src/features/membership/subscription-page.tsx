// /subscription: the plans with their prices, the viewer's membership line, and a buy button per
// plan; a lifetime member is told no purchase is needed. A safe `?redirect=` is passed to the order.
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { pathTo } from '@/lib/paths';
import { Benefits } from './benefits';
import { PlanList } from './plan-list';
import { safeRedirect } from './safe-redirect';
import { StatusCard } from './status-card';
import { usePremiumStatus } from './use-premium-status';
import './membership.css';

export function SubscriptionPage() {
  const { t } = useTranslation('shop');
  const [params] = useSearchParams();
  const membership = usePremiumStatus();
  const lifetime = membership.status.kind === 'lifetime';

  return (
    <article className="page shop-page">
      <h1 className="page__title">{t('shop.subscription.title')}</h1>
      <p className="page__lead">{t('shop.subscription.intro')}</p>
      <StatusCard membership={membership} />
      {lifetime ? (
        <div className="shop-notice" role="status" data-testid="lifetime-member">
          <p>{t('shop.subscription.lifetime')}</p>
          <LocalizedLink to={pathTo('books')}>{t('shop.subscription.browse')}</LocalizedLink>
        </div>
      ) : (
        <>
          <Benefits />
          <PlanList redirect={safeRedirect(params.get('redirect'))} />
          <p className="field__hint">{t('shop.subscription.terms')}</p>
        </>
      )}
    </article>
  );
}
