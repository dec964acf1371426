// A permission's name in the page's language, as the server words it (`GET /api/admin/permissions`,
// from core's `Permission::name`): never a second copy of the words here; its code until they load.
import { useQuery } from '@tanstack/react-query';
import type { Permission } from '@/lib/api/types';
import { useLang } from '@/lib/lang';
import { roleQueries } from './queries';

/** Each permission's name, once loaded. */
export function usePermissionNames(): Map<Permission, string> {
  const { lang } = useLang();
  const permissions = useQuery(roleQueries.permissions(lang));
  return new Map((permissions.data?.items ?? []).map((item) => [item.permission, item.name]));
}

export function PermissionChip({ permission, names }: { permission: Permission; names: Map<Permission, string> }) {
  return (
    <span className="role-chip" title={permission}>
      {names.get(permission) ?? permission}
    </span>
  );
}
