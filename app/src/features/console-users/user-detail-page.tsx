// /admin/users/:id (manage:users): one user's page: profile and badges, access (status, type,
// roles), membership, the password-reset link, sessions, orders, purchases and listening; loading,
// missing and failed states like every console page.
import { useId } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorState, Skeleton } from '@/components/async-state/async-state';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import type { AdminUserDetail } from '@/lib/api/types';
import { pathTo } from '@/lib/paths';
import { AccountActions } from './account-actions';
import { ListeningSummary, OrdersSection, PurchasesSection } from './activity-sections';
import { Time } from './format';
import { labelOf, MEMBERSHIP_BADGE, MEMBERSHIP_LABEL, STATUS_LABEL, TYPE_LABEL } from './labels';
import { MembershipForm } from './membership-form';
import { userQueries } from './queries';
import { ResetLink } from './reset-link';
import { SessionsSection } from './sessions-section';
import '@/components/console/console.css';
import './console-users.css';

function Profile({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation('console');
  const headingId = useId();
  return (
    <section className="user-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('console.users.profile.title')}</h2>
      <dl className="user-facts">
        <div>
          <dt>{t('console.users.profile.id')}</dt>
          <dd>{user.id}</dd>
        </div>
        <div>
          <dt>{t('console.users.profile.email')}</dt>
          <dd>{user.email}</dd>
        </div>
        <div>
          <dt>{t('console.users.columns.type')}</dt>
          <dd>{labelOf(TYPE_LABEL, user.userType, t)}</dd>
        </div>
        <div>
          <dt>{t('console.users.columns.roles')}</dt>
          <dd>{user.roles.map((role) => role.name).join(', ') || '—'}</dd>
        </div>
        <div>
          <dt>{t('console.users.profile.language')}</dt>
          <dd>{user.language}</dd>
        </div>
        <div>
          <dt>{t('console.users.profile.timezone')}</dt>
          <dd>{user.timezone}</dd>
        </div>
        <div>
          <dt>{t('console.users.columns.created')}</dt>
          <dd>
            <Time ms={user.createdAt} />
          </dd>
        </div>
        <div>
          <dt>{t('console.users.columns.lastLogin')}</dt>
          <dd>
            <Time ms={user.lastLoginAt} />
          </dd>
        </div>
      </dl>
    </section>
  );
}

export function AdminUserDetailPage() {
  const { t } = useTranslation('console');
  const id = Number(useParams().id);
  const user = useQuery(userQueries.user(id));

  return (
    <div className="console-page console-users">
      <p>
        <LocalizedLink to={pathTo('adminUsers')}>{t('console.users.back')}</LocalizedLink>
      </p>
      {user.isPending && <Skeleton count={4} variant="row" />}
      {user.isError && <ErrorState error={user.error} onRetry={() => void user.refetch()} />}
      {user.isSuccess && (
        <>
          <header className="console-head">
            <div className="user-title">
              <h1>{user.data.username}</h1>
              <span
                className={`console-badge ${user.data.status === 'active' ? 'console-badge--on' : 'console-badge--off'}`}
              >
                {labelOf(STATUS_LABEL, user.data.status, t)}
              </span>
              <span className={`console-badge ${MEMBERSHIP_BADGE[user.data.membership]}`}>
                {MEMBERSHIP_LABEL[user.data.membership](t)}
              </span>
            </div>
          </header>
          <div className="user-sections">
            <Profile user={user.data} />
            <AccountActions user={user.data} />
            <MembershipForm user={user.data} />
            <ResetLink user={user.data} />
            <SessionsSection user={user.data} />
            <ListeningSummary user={user.data} />
            <OrdersSection user={user.data} />
            <PurchasesSection user={user.data} />
          </div>
        </>
      )}
    </div>
  );
}
