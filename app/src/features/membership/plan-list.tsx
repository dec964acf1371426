// The membership plans as cards: name, price in the plan's currency (core's `formatCurrency`), the
// price per month of the longer plans, the lifetime plan marked as such, "renew automatically" for
// timed plans, and a buy button (a guest signs in first and comes back here).
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Skeleton } from '@/components/async-state/async-state';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { useCheckout, type Checkout } from '@/components/shop/use-checkout';
import { useCurrentUser } from '@/features/auth/use-auth';
import type { PlanView } from '@/lib/api/types';
import { detourPath, formatCurrency } from '@/lib/core';
import { useLang } from '@/lib/lang';
import { shopQueries } from '@/lib/queries/shop';
import { planName } from './labels';
import './membership.css';

interface PlanCardProps {
  plan: PlanView;
  signedIn: boolean;
  checkout: Checkout;
  /** The app path the buyer returns to after paying. */
  redirect: string | null;
}

function PlanCard({ plan, signedIn, checkout, redirect }: PlanCardProps) {
  const { t } = useTranslation('shop');
  const { lang, fullPath } = useLang();
  const [autoRenew, setAutoRenew] = useState(false);
  const lifetime = plan.months == null;
  const price = (amountMinor: number) => formatCurrency({ amountMinor, lang, currency: plan.currency });
  const name = planName(plan.code, t);
  const opening = checkout.busy?.planCode === plan.code;

  const buy = () =>
    void checkout.start({
      kind: 'plan',
      planCode: plan.code,
      currency: plan.currency,
      ...(redirect ? { redirect } : {}),
      ...(lifetime ? {} : { autoRenew }),
    });

  return (
    <li className={`plan-card card${lifetime ? ' plan-card--lifetime' : ''}`} data-testid={`plan-card-${plan.code}`}>
      <div className="plan-card__head">
        <h3 className="plan-card__name">{name}</h3>
        {lifetime && <span className="plan-card__badge">{t('shop.plans.lifetimeBadge')}</span>}
      </div>
      <p className="plan-card__term">
        {lifetime ? t('shop.plans.lifetimeTerm') : t('shop.plans.term', { count: plan.months ?? 0 })}
      </p>
      {plan.price == null ? (
        <p className="plan-card__unavailable">{t('shop.plans.notSold')}</p>
      ) : (
        <>
          <p className="plan-card__price" data-testid={`plan-price-${plan.code}`}>
            {price(plan.price)}
          </p>
          {plan.months != null && plan.months > 1 && (
            <p className="plan-card__per-month">
              {t('shop.plans.perMonth', { price: price(plan.price / plan.months) })}
            </p>
          )}
        </>
      )}
      {!lifetime && plan.price != null && (
        <label className="plan-card__renew">
          <input type="checkbox" checked={autoRenew} onChange={(event) => setAutoRenew(event.target.checked)} />
          {t('shop.plans.autoRenew')}
        </label>
      )}
      {plan.price != null &&
        (signedIn ? (
          <button
            type="button"
            className="button button--primary plan-card__buy"
            data-testid={`buy-plan-${plan.code}`}
            aria-label={t('shop.plans.buyNamed', { name })}
            disabled={checkout.busy !== null}
            onClick={buy}
          >
            {opening ? t('shop.checkout.opening') : t('shop.plans.buy')}
          </button>
        ) : (
          <LocalizedLink
            className="button button--primary plan-card__buy"
            data-testid={`buy-plan-${plan.code}`}
            to={detourPath({ path: fullPath, to: 'signIn' })}
          >
            {t('shop.plans.signInToBuy')}
          </LocalizedLink>
        ))}
    </li>
  );
}

/** The plans on sale; `redirect` is where the success page sends the buyer (else their membership). */
export function PlanList({ redirect = null }: { redirect?: string | null }) {
  const { t } = useTranslation('shop');
  const { lang } = useLang();
  const user = useCurrentUser();
  const plans = useQuery(shopQueries.plans(lang));
  const checkout = useCheckout(user?.id ?? null);
  const headingId = useId();

  return (
    <section className="plan-list" aria-labelledby={headingId}>
      <h2 id={headingId} className="shop-section__title">
        {t('shop.plans.heading')}
      </h2>
      {plans.isPending && <Skeleton count={4} variant="card" />}
      {plans.isError && <ErrorState error={plans.error} onRetry={() => void plans.refetch()} />}
      {plans.isSuccess &&
        (plans.data.items.some((plan) => plan.active) ? (
          <ul className="plan-grid">
            {plans.data.items
              .filter((plan) => plan.active)
              .map((plan) => (
                <PlanCard key={plan.id} plan={plan} signedIn={user !== null} checkout={checkout} redirect={redirect} />
              ))}
          </ul>
        ) : (
          <EmptyState>{t('shop.plans.empty')}</EmptyState>
        ))}
      {checkout.error && (
        <p className="form-alert" role="alert" data-testid="checkout-error">
          {checkout.error}
        </p>
      )}
    </section>
  );
}
