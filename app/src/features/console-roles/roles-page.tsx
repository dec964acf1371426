// /admin/roles and /admin/users/roles (manage:users): every role with how many users hold it and
// its permissions as chips (named in the page's language), a link to each role's permission matrix
// and one to create a role.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, Skeleton } from '@/components/async-state/async-state';
import { RefusalErrorState } from '@/components/console/refusal-error-state';
import { ConsoleTable, type Column } from '@/components/console/console-table';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import type { AdminRole } from '@/lib/api/types';
import { formatNumber } from '@/lib/core';
import { useLang } from '@/lib/lang';
import { pathTo } from '@/lib/paths';
import { PermissionChip, usePermissionNames } from './permission-names';
import { roleQueries } from './queries';
import '@/components/console/console.css';
import './console-roles.css';

function RoleRow({ role, names }: { role: AdminRole; names: ReturnType<typeof usePermissionNames> }) {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  return (
    <tr data-testid={`role-${role.id}`}>
      <th scope="row">
        <span className="role-name">{role.name}</span>
        {role.builtIn && <span className="console-badge console-badge--off">{t('console.roles.builtIn')}</span>}
        {role.description && <span className="console-sub">{role.description}</span>}
      </th>
      <td className="console-num">{formatNumber({ value: role.userCount, lang })}</td>
      <td>
        {role.permissions.length === 0 ? (
          <span className="console-sub">{t('console.roles.noPermissions')}</span>
        ) : (
          <ul className="role-chips">
            {role.permissions.map((permission) => (
              <li key={permission}>
                <PermissionChip permission={permission} names={names} />
              </li>
            ))}
          </ul>
        )}
      </td>
      <td>
        <LocalizedLink
          to={pathTo('adminRolePermissions', { roleId: role.id })}
          aria-label={t('console.roles.editPermissionsOf', { name: role.name })}
        >
          {t('console.roles.editPermissions')}
        </LocalizedLink>
      </td>
    </tr>
  );
}

export function AdminRolesPage() {
  const { t } = useTranslation('console');
  const roles = useQuery(roleQueries.roles());
  const names = usePermissionNames();
  const columns: Column[] = [
    { key: 'name', heading: t('console.roles.columns.name') },
    { key: 'users', heading: t('console.roles.columns.users'), numeric: true },
    { key: 'permissions', heading: t('console.roles.columns.permissions') },
    { key: 'actions', heading: t('console.roles.columns.actions') },
  ];
  return (
    <div className="console-page">
      <header className="console-head">
        <h1>{t('console.roles.title')}</h1>
        <LocalizedLink className="button button--primary" to={pathTo('adminRolesIndexNew')}>
          {t('console.roles.create')}
        </LocalizedLink>
      </header>
      <p className="field__hint">{t('console.roles.lead')}</p>
      {roles.isPending && <Skeleton count={3} variant="row" />}
      {roles.isError && <RefusalErrorState error={roles.error} onRetry={() => void roles.refetch()} />}
      {roles.isSuccess && roles.data.items.length === 0 && <EmptyState>{t('console.roles.empty')}</EmptyState>}
      {roles.isSuccess && roles.data.items.length > 0 && (
        <ConsoleTable label={t('console.roles.table')} columns={columns}>
          {roles.data.items.map((role) => (
            <RoleRow key={role.id} role={role} names={names} />
          ))}
        </ConsoleTable>
      )}
    </div>
  );
}
