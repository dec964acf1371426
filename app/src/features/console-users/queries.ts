// The user queries (under `['console', …]`, like the rest of the console) and their writes: a change
// answers the user's page as the server now holds it, which replaces the cached page at once; the
// lists are asked again (a filter may drop the user).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUserDetail } from '@/lib/api/types';
import { definedParams, type Params } from '@/lib/catalog-api';
import { usersApi } from './users-api';

const usersKey = ['console', 'users'] as const;

export const userQueries = {
  users: (params: Params) =>
    queryOptions({
      queryKey: [...usersKey, definedParams(params)],
      queryFn: ({ signal }) => usersApi.users(params, { signal }),
    }),
  user: (id: number) =>
    queryOptions({
      queryKey: ['console', 'user', id],
      queryFn: ({ signal }) => usersApi.user(id, { signal }),
    }),
  roles: () =>
    queryOptions({
      queryKey: ['console', 'roles'],
      queryFn: ({ signal }) => usersApi.roles({ signal }),
      staleTime: 60_000,
    }),
};

/** A change to user `id` whose answer is the user's page (status, type, roles, membership). */
export function useUserChange<Input>(id: number, change: (input: Input) => Promise<AdminUserDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueries.user(id).queryKey, user);
      void queryClient.invalidateQueries({ queryKey: usersKey });
    },
  });
}

/** A change to user `id` that answers something else (sessions revoked): the page is asked again. */
export function useUserAction<Input, Output>(id: number, action: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: userQueries.user(id).queryKey });
    },
  });
}
