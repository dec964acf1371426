// /admin/permissions (manage:users): every permission of core's set, what it opens in the page's
// language, and the roles holding it (each a link to its matrix).
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, Skeleton } from '@/components/async-state/async-state';
import { RefusalErrorState } from '@/components/console/refusal-error-state';
import { ConsoleTable, type Column } from '@/components/console/console-table';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { useLang } from '@/lib/lang';
import { pathTo } from '@/lib/paths';
import { roleQueries } from './queries';
import '@/components/console/console.css';
import './console-roles.css';

export function AdminPermissionsPage() {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  const permissions = useQuery(roleQueries.permissions(lang));
  const columns: Column[] = [
    { key: 'permission', heading: t('console.permissions.columns.permission') },
    { key: 'opens', heading: t('console.permissions.columns.opens') },
    { key: 'roles', heading: t('console.permissions.columns.roles') },
  ];
  return (
    <div className="console-page">
      <header className="console-head">
        <h1>{t('console.permissions.title')}</h1>
      </header>
      <p className="field__hint">{t('console.permissions.lead')}</p>
      {permissions.isPending && <Skeleton count={6} variant="row" />}
      {permissions.isError && (
        <RefusalErrorState error={permissions.error} onRetry={() => void permissions.refetch()} />
      )}
      {permissions.isSuccess && permissions.data.items.length === 0 && (
        <EmptyState>{t('console.permissions.empty')}</EmptyState>
      )}
      {permissions.isSuccess && permissions.data.items.length > 0 && (
        <ConsoleTable label={t('console.permissions.table')} columns={columns}>
          {permissions.data.items.map((item) => (
            <tr key={item.permission} data-testid={`permission-${item.permission}`}>
              <th scope="row">
                <span className="role-name">{item.name}</span>
                <span className="role-matrix__code">{item.permission}</span>
              </th>
              <td>{item.opens}</td>
              <td>
                {item.roles.length === 0 ? (
                  <span className="console-sub">{t('console.permissions.noRoles')}</span>
                ) : (
                  <ul className="role-holders">
                    {item.roles.map((role) => (
                      <li key={role.id}>
                        <LocalizedLink to={pathTo('adminRolePermissions', { roleId: role.id })}>
                          {role.name}
                        </LocalizedLink>
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </ConsoleTable>
      )}
    </div>
  );
}
