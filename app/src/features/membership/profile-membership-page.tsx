// /profile/membership: the membership as the server states it: status line, expiry (or permanent),
// the plan last paid for, auto-renewal, and the history of membership orders; the way to renew or upgrade.
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Skeleton } from '@/components/async-state/async-state';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { useCurrentUser } from '@/features/auth/use-auth';
import { useViewer } from '@/features/auth/use-viewer';
import type { MembershipView } from '@/lib/api/types';
import { formatCurrency } from '@/lib/core';
import { formatDate } from '@/lib/core-pages';
import { useLang } from '@/lib/lang';
import { pathTo } from '@/lib/paths';
import { shopQueries } from '@/lib/queries/shop';
import { ORDER_STATE, orderTitle, planName } from './labels';
import { ProfileNav } from './profile-nav';
import './membership.css';

function MembershipDetails({ membership }: { membership: MembershipView }) {
  const { t } = useTranslation('shop');
  const { lang } = useLang();
  const timezone = useCurrentUser()?.preferences.timezone;
  const historyId = useId();
  const { status, plan } = membership;
  const date = (timestampMs: number) => formatDate({ timestampMs, lang, timezone });
  const expiry =
    membership.subscriptionExpiresAt != null
      ? date(membership.subscriptionExpiresAt)
      : status.kind === 'lifetime'
        ? t('shop.membership.permanent')
        : t('shop.membership.none');

  return (
    <>
      <section className="shop-status card" aria-label={t('shop.status.heading')}>
        <p className="shop-status__text" data-testid="membership-status" data-kind={status.kind}>
          {status.text}
        </p>
        <dl className="order-summary">
          <dt>{t('shop.membership.expires')}</dt>
          <dd data-testid="membership-expiry">{expiry}</dd>
          <dt>{t('shop.membership.plan')}</dt>
          <dd data-testid="membership-plan">{plan ? planName(plan.code, t) : t('shop.membership.noPlan')}</dd>
          {plan?.months != null && (
            <>
              <dt>{t('shop.membership.autoRenew')}</dt>
              <dd>{membership.autoRenew ? t('shop.membership.autoRenewOn') : t('shop.membership.autoRenewOff')}</dd>
            </>
          )}
        </dl>
        <div className="shop-actions">
          {status.kind !== 'lifetime' && (
            <LocalizedLink
              className="button button--primary"
              data-testid="membership-upgrade"
              to={pathTo('subscription')}
            >
              {membership.isPremium ? t('shop.membership.renew') : t('shop.membership.upgrade')}
            </LocalizedLink>
          )}
          {plan?.months != null && (
            <LocalizedLink className="button" to={pathTo('profileSubscription')}>
              {t('shop.membership.manage')}
            </LocalizedLink>
          )}
        </div>
      </section>
      <section className="shop-section" aria-labelledby={historyId}>
        <h2 id={historyId} className="shop-section__title">
          {t('shop.membership.history')}
        </h2>
        {membership.history.length === 0 ? (
          <EmptyState>{t('shop.membership.noHistory')}</EmptyState>
        ) : (
          <ul className="order-list" data-testid="membership-history">
            {membership.history.map((order) => (
              <li key={order.id} className="order-row" data-testid={`history-row-${order.id}`} data-state={order.state}>
                <div className="order-row__main">
                  <span className="order-row__title">{orderTitle(order, t)}</span>
                  <span className="order-row__meta">
                    <time dateTime={new Date(order.paidAt ?? order.createdAt).toISOString()}>
                      {date(order.paidAt ?? order.createdAt)}
                    </time>
                  </span>
                </div>
                <span className={`order-state order-state--${order.state}`}>{ORDER_STATE[order.state](t)}</span>
                <span className="order-row__amount">
                  {formatCurrency({ amountMinor: order.amount, lang, currency: order.currency })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

export function ProfileMembershipPage() {
  const { t } = useTranslation('shop');
  const membership = useQuery(shopQueries.membership(useViewer()));
  return (
    <article className="page shop-page">
      <ProfileNav />
      <h1 className="page__title">{t('shop.membership.title')}</h1>
      {membership.isPending && <Skeleton count={2} variant="row" />}
      {membership.isError && <ErrorState error={membership.error} onRetry={() => void membership.refetch()} />}
      {membership.isSuccess && <MembershipDetails membership={membership.data} />}
    </article>
  );
}
