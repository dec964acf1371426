// /premium: the upgrade page. With `?reason=premium_required` it says which page needed
// membership; the plans' orders carry the safe `?redirect=` so paying brings the buyer back there.
// A member is told so and sent on.
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { pathTo } from '@/lib/paths';
import { Benefits } from './benefits';
import { PlanList } from './plan-list';
import { safeRedirect } from './safe-redirect';
import { StatusCard } from './status-card';
import { usePremiumStatus } from './use-premium-status';
import { WantedPageReason } from './wanted-page-reason';
import './membership.css';

export function PremiumPage() {
  const { t } = useTranslation('shop');
  const [params] = useSearchParams();
  const membership = usePremiumStatus();
  const redirect = safeRedirect(params.get('redirect'));
  const required = params.get('reason') === 'premium_required';

  return (
    <article className="page shop-page">
      <h1 className="page__title">{t('shop.premium.title')}</h1>
      {required && <WantedPageReason redirect={redirect} />}
      {membership.premium ? (
        <div className="shop-notice shop-notice--success" data-testid="premium-member">
          <p>{t('shop.premium.alreadyMember')}</p>
          <p className="shop-status__text">{membership.status.text}</p>
          <LocalizedLink className="button button--primary" to={redirect ?? pathTo('home')}>
            {redirect ? t('shop.premium.continue') : t('shop.common.home')}
          </LocalizedLink>
        </div>
      ) : (
        <>
          <p className="page__lead">{t('shop.premium.intro')}</p>
          <StatusCard membership={membership} />
          <Benefits />
          <PlanList redirect={redirect} />
          <p className="field__hint">{t('shop.subscription.terms')}</p>
        </>
      )}
    </article>
  );
}
