// /profile/subscription: the current plan and its renewal: the auto-renew switch (the server's
// refusal shown as it says it), "renew now" (a new order for the same plan, then checkout) and
// "change plan"; without a timed plan it says why there is nothing to manage.
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorState, Skeleton } from '@/components/async-state/async-state';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { failureMessage } from '@/components/shop/failure-message';
import { useCheckout } from '@/components/shop/use-checkout';
import { useToast } from '@/components/toast/use-toast';
import { useCurrentUser } from '@/features/auth/use-auth';
import { useViewer } from '@/features/auth/use-viewer';
import type { MembershipView, PlanView } from '@/lib/api/types';
import { formatCurrency } from '@/lib/core';
import { formatDate } from '@/lib/core-pages';
import { useLang } from '@/lib/lang';
import { pathTo } from '@/lib/paths';
import { shopQueries, useSetAutoRenew } from '@/lib/queries/shop';
import { planName } from './labels';
import { ProfileNav } from './profile-nav';
import './membership.css';

function AutoRenewSwitch({ membership }: { membership: MembershipView }) {
  const { t } = useTranslation('shop');
  const { toast } = useToast();
  const id = useId();
  const setAutoRenew = useSetAutoRenew(useViewer());
  const [error, setError] = useState<string | null>(null);

  const change = async (on: boolean) => {
    setError(null);
    try {
      await setAutoRenew.mutateAsync(on);
      toast({
        color: 'success',
        icon: 'success',
        title: on ? t('shop.renewal.turnedOn') : t('shop.renewal.turnedOff'),
      });
    } catch (caught) {
      setError(failureMessage(caught, t));
    }
  };

  return (
    <div className="renew-switch">
      <label className="renew-switch__label" htmlFor={`${id}-switch`}>
        <input
          id={`${id}-switch`}
          type="checkbox"
          role="switch"
          className="renew-switch__input"
          data-testid="auto-renew-switch"
          checked={membership.autoRenew}
          disabled={setAutoRenew.isPending}
          aria-describedby={`${id}-hint`}
          onChange={(event) => void change(event.target.checked)}
        />
        {t('shop.renewal.autoRenew')}
      </label>
      <p id={`${id}-hint`} className="field__hint">
        {membership.autoRenew ? t('shop.renewal.onHint') : t('shop.renewal.offHint')}
      </p>
      {error && (
        <p className="form-alert" role="alert" data-testid="auto-renew-error">
          {error}
        </p>
      )}
    </div>
  );
}

function TimedPlan({ membership, plan }: { membership: MembershipView; plan: PlanView }) {
  const { t } = useTranslation('shop');
  const { lang } = useLang();
  const user = useCurrentUser();
  const checkout = useCheckout(user?.id ?? null);
  const name = planName(plan.code, t);

  const renewNow = () =>
    void checkout.start({
      kind: 'plan',
      planCode: plan.code,
      currency: plan.currency,
      autoRenew: membership.autoRenew,
      redirect: pathTo('profileSubscription'),
    });

  return (
    <section className="shop-status card" aria-label={name} data-testid="current-plan">
      <p className="shop-status__text">{name}</p>
      <dl className="order-summary">
        <dt>{t('shop.membership.expires')}</dt>
        <dd>
          {membership.subscriptionExpiresAt != null
            ? formatDate({ timestampMs: membership.subscriptionExpiresAt, lang, timezone: user?.preferences.timezone })
            : t('shop.membership.none')}
        </dd>
        <dt>{t('shop.renewal.price')}</dt>
        <dd>
          {plan.price != null
            ? formatCurrency({ amountMinor: plan.price, lang, currency: plan.currency })
            : t('shop.plans.notSold')}
        </dd>
      </dl>
      <AutoRenewSwitch membership={membership} />
      <div className="shop-actions">
        <button
          type="button"
          className="button button--primary"
          data-testid="renew-now"
          disabled={plan.price == null || checkout.busy !== null}
          onClick={renewNow}
        >
          {checkout.busy ? t('shop.checkout.opening') : t('shop.renewal.renewNow')}
        </button>
        <LocalizedLink className="button" data-testid="change-plan" to={pathTo('subscription')}>
          {t('shop.renewal.changePlan')}
        </LocalizedLink>
      </div>
      {checkout.error && (
        <p className="form-alert" role="alert" data-testid="checkout-error">
          {checkout.error}
        </p>
      )}
    </section>
  );
}

function NoTimedPlan({ lifetime }: { lifetime: boolean }) {
  const { t } = useTranslation('shop');
  return (
    <div className="shop-notice" data-testid="no-subscription">
      <p>{lifetime ? t('shop.renewal.lifetime') : t('shop.renewal.noPlan')}</p>
      {!lifetime && (
        <LocalizedLink className="button button--primary" to={pathTo('subscription')}>
          {t('shop.renewal.choosePlan')}
        </LocalizedLink>
      )}
    </div>
  );
}

export function ProfileSubscriptionPage() {
  const { t } = useTranslation('shop');
  const membership = useQuery(shopQueries.membership(useViewer()));
  const data = membership.data;
  return (
    <article className="page shop-page">
      <ProfileNav />
      <h1 className="page__title">{t('shop.renewal.title')}</h1>
      {membership.isPending && <Skeleton count={1} variant="row" />}
      {membership.isError && <ErrorState error={membership.error} onRetry={() => void membership.refetch()} />}
      {data &&
        (data.plan && data.plan.months != null && data.status.kind !== 'lifetime' ? (
          <TimedPlan membership={data} plan={data.plan} />
        ) : (
          <NoTimedPlan lifetime={data.status.kind === 'lifetime'} />
        ))}
    </article>
  );
}
