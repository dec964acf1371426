// The roles and permissions queries (under `['console', …]`, like the rest of the console) and their
// writes: a created role or a changed grant puts the server's role in place, then marks the role and
// permission lists stale (their counts and holders changed).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminRole, PermissionChanges, RoleInput } from '@/lib/api/types';
import { rolesApi } from './roles-api';

const rolesKey = ['console', 'roles'] as const;
const permissionsKey = ['console', 'permissions'] as const;

export const roleQueries = {
  roles: () => queryOptions({ queryKey: rolesKey, queryFn: ({ signal }) => rolesApi.roles({ signal }) }),
  role: (id: number) =>
    queryOptions({ queryKey: ['console', 'role', id], queryFn: ({ signal }) => rolesApi.role(id, { signal }) }),
  /** Worded in the page's language: the language is part of the key. */
  permissions: (lang: string) =>
    queryOptions({ queryKey: [...permissionsKey, lang], queryFn: ({ signal }) => rolesApi.permissions({ signal }) }),
};

function useRoleSaved() {
  const queryClient = useQueryClient();
  return (role: AdminRole) => {
    queryClient.setQueryData(roleQueries.role(role.id).queryKey, role);
    void queryClient.invalidateQueries({ queryKey: rolesKey });
    void queryClient.invalidateQueries({ queryKey: permissionsKey });
  };
}

/** Creates a role from the checked form or, with `id`, renames and describes it. */
export function useSaveRole() {
  const saved = useRoleSaved();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: RoleInput }) =>
      id === undefined ? rolesApi.createRole(body) : rolesApi.updateRole(id, body),
    onSuccess: saved,
  });
}

/** Deletes a role; the lists are asked again (its holders and grants are gone). */
export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => rolesApi.deleteRole(id),
    onSuccess: (_nothing, id) => {
      queryClient.removeQueries({ queryKey: roleQueries.role(id).queryKey });
      void queryClient.invalidateQueries({ queryKey: rolesKey });
      void queryClient.invalidateQueries({ queryKey: permissionsKey });
    },
  });
}

/** Sends what changed in the matrix; answers the role as the server now holds it. */
export function useChangePermissions() {
  const saved = useRoleSaved();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: PermissionChanges }) =>
      rolesApi.changePermissions(id, changes),
    onSuccess: saved,
  });
}
