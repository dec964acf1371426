// The people behind books: an author's or a narrator's page (name, bio and books in the page's
// language), the same for every viewer.
import { queryOptions } from '@tanstack/react-query';
import type { ApiData } from '@/lib/api/types';
import type { Lang } from '@/lib/core';
import { authRequest } from '@/lib/http';

export type PersonRole = 'author' | 'narrator';

type Signal = { signal?: AbortSignal };

export const peopleApi = {
  author: (id: number, { signal }: Signal = {}) =>
    authRequest<ApiData<'/api/authors/{id}', 'get'>>('GET', `/api/authors/${id}`, { signal }),
  narrator: (id: number, { signal }: Signal = {}) =>
    authRequest<ApiData<'/api/narrators/{id}', 'get'>>('GET', `/api/narrators/${id}`, { signal }),
};

export const peopleQueries = {
  person: (lang: Lang, role: PersonRole, id: number) =>
    queryOptions({
      queryKey: ['people', role, id, { lang }],
      queryFn: ({ signal }) =>
        role === 'author' ? peopleApi.author(id, { signal }) : peopleApi.narrator(id, { signal }),
    }),
};
