// /admin/users (manage:users): every account, searched by the start of a name or e-mail, filtered by
// type, membership, status and role, sorted, and paged on the server, all kept in the address. A
// table on wide screens, a card per user on a phone; each user's name links to their page.
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Skeleton } from '@/components/async-state/async-state';
import { Pagination } from '@/components/catalog/pagination';
import { ConsoleTable, type Column } from '@/components/console/console-table';
import { FilterSelect } from '@/components/console/filter-select';
import { SearchBox } from '@/components/console/search-box';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import type { AdminUserRow } from '@/lib/api/types';
import type { Label } from '@/lib/i18n';
import { pathTo } from '@/lib/paths';
import { useUrlFilters } from '@/lib/use-url-filters';
import { Time, useUserFormat } from './format';
import {
  labelOf,
  MEMBERSHIP_BADGE,
  MEMBERSHIP_FILTER_LABEL,
  MEMBERSHIP_LABEL,
  ORDER_LABEL,
  SORT_LABEL,
  STATUS_LABEL,
  TYPE_LABEL,
} from './labels';
import { userQueries } from './queries';
import '@/components/catalog/catalog-page.css';
import '@/components/console/console.css';
import './console-users.css';

const keys = ['q', 'type', 'membership', 'status', 'role', 'sort', 'order'] as const;
/** The server's own page size for users. */
export const pageSize = 20;

/** A filter's options: "all", then each value's text. */
function options(labels: Record<string, Label>, all: string, t: TFunction): [string, string][] {
  return [['', all], ...Object.keys(labels).map((value): [string, string] => [value, labelOf(labels, value, t)])];
}

function UserRow({ user }: { user: AdminUserRow }) {
  const { t } = useTranslation('console');
  return (
    <tr data-testid={`user-row-${user.id}`}>
      <th scope="row" data-label={t('console.users.columns.user')}>
        <LocalizedLink to={pathTo('adminUserDetail', { id: user.id })} className="user-name">
          {user.username}
        </LocalizedLink>
        <span className="console-sub">{user.email}</span>
      </th>
      <td data-label={t('console.users.columns.type')}>{labelOf(TYPE_LABEL, user.userType, t)}</td>
      <td data-label={t('console.users.columns.status')}>
        <span className={`console-badge ${user.status === 'active' ? 'console-badge--on' : 'console-badge--off'}`}>
          {labelOf(STATUS_LABEL, user.status, t)}
        </span>
      </td>
      <td data-label={t('console.users.columns.membership')}>
        <span className={`console-badge ${MEMBERSHIP_BADGE[user.membership]}`}>
          {MEMBERSHIP_LABEL[user.membership](t)}
        </span>
      </td>
      <td data-label={t('console.users.columns.roles')}>{user.roles.map((role) => role.name).join(', ') || '—'}</td>
      <td data-label={t('console.users.columns.created')}>
        <Time ms={user.createdAt} />
      </td>
      <td data-label={t('console.users.columns.lastLogin')}>
        <Time ms={user.lastLoginAt} />
      </td>
    </tr>
  );
}

export function AdminUsersPage() {
  const { t } = useTranslation('console');
  const id = useId();
  const { num } = useUserFormat();
  const { values, page, update } = useUrlFilters(pathTo('adminUsers'), keys);
  const filtered = keys.some((key) => key !== 'sort' && key !== 'order' && values[key]);
  const users = useQuery(
    userQueries.users({
      q: values.q,
      type: values.type,
      membership: values.membership,
      status: values.status,
      role: values.role,
      sort: values.sort,
      order: values.order,
      page,
      pageSize,
    }),
  );
  const roles = useQuery(userQueries.roles());

  const columns: Column[] = [
    { key: 'user', heading: t('console.users.columns.user') },
    { key: 'type', heading: t('console.users.columns.type') },
    { key: 'status', heading: t('console.users.columns.status') },
    { key: 'membership', heading: t('console.users.columns.membership') },
    { key: 'roles', heading: t('console.users.columns.roles') },
    { key: 'created', heading: t('console.users.columns.created') },
    { key: 'lastLogin', heading: t('console.users.columns.lastLogin') },
  ];
  const all = t('console.users.filters.all');

  return (
    <div className="console-page console-users">
      <header className="console-head">
        <h1>{t('console.users.title')}</h1>
      </header>
      <div className="console-toolbar">
        <SearchBox
          label={t('console.users.search.label')}
          placeholder={t('console.users.search.placeholder')}
          value={values.q}
          onSearch={(q) => update({ q })}
        />
        <div className="filters" role="group" aria-label={t('console.users.filters.label')}>
          <FilterSelect
            id={`${id}-type`}
            label={t('console.users.filters.type')}
            value={values.type}
            options={options(TYPE_LABEL, all, t)}
            onChange={(type) => update({ type })}
          />
          <FilterSelect
            id={`${id}-membership`}
            label={t('console.users.filters.membership')}
            value={values.membership}
            options={options(MEMBERSHIP_FILTER_LABEL, all, t)}
            onChange={(membership) => update({ membership })}
          />
          <FilterSelect
            id={`${id}-status`}
            label={t('console.users.filters.status')}
            value={values.status}
            options={options(STATUS_LABEL, all, t)}
            onChange={(status) => update({ status })}
          />
          <FilterSelect
            id={`${id}-role`}
            label={t('console.users.filters.role')}
            value={values.role}
            options={[
              ['', all],
              ...(roles.data?.items ?? []).map((role): [string, string] => [String(role.id), role.name]),
            ]}
            onChange={(role) => update({ role })}
          />
          <FilterSelect
            id={`${id}-sort`}
            label={t('console.users.filters.sort')}
            value={values.sort || 'created'}
            options={Object.keys(SORT_LABEL).map((value): [string, string] => [value, labelOf(SORT_LABEL, value, t)])}
            onChange={(sort) => update({ sort: sort === 'created' ? '' : sort })}
          />
          <FilterSelect
            id={`${id}-order`}
            label={t('console.users.filters.order')}
            value={values.order || 'desc'}
            options={Object.keys(ORDER_LABEL).map((value): [string, string] => [value, labelOf(ORDER_LABEL, value, t)])}
            onChange={(order) => update({ order: order === 'desc' ? '' : order })}
          />
        </div>
      </div>

      {users.isPending && <Skeleton count={6} variant="row" />}
      {users.isError && <ErrorState error={users.error} onRetry={() => void users.refetch()} />}
      {users.isSuccess && users.data.total === 0 && (
        <EmptyState>{filtered ? t('console.users.emptyFiltered') : t('console.users.empty')}</EmptyState>
      )}
      {users.isSuccess && users.data.items.length > 0 && (
        <>
          <p className="result-count">
            {t('console.users.count', { count: users.data.total, formatted: num(users.data.total) })}
          </p>
          <div className="users-table">
            <ConsoleTable label={t('console.users.table')} columns={columns}>
              {users.data.items.map((user) => (
                <UserRow key={user.id} user={user} />
              ))}
            </ConsoleTable>
          </div>
        </>
      )}
      {users.isSuccess && (
        <Pagination
          page={page}
          pageSize={users.data.pageSize}
          total={users.data.total}
          onPage={(next) => update({ page: next })}
        />
      )}
    </div>
  );
}
