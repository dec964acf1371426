// Filters kept in the address (?category=…&sort=…&page=…) so a list can be shared; changing one resets the page.
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { checkQueryParam } from '@/lib/core';
import { useLang, useLocalize } from '@/lib/lang';

export function useUrlFilters<K extends string>(basePath: string, keys: readonly K[]) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const localize = useLocalize();
  const { lang } = useLang();
  const values = useMemo(() => {
    const params = new URLSearchParams(search);
    const result = {} as Record<K | 'page', string>;
    for (const key of keys) result[key] = params.get(key) ?? '';
    result.page = params.get('page') ?? '';
    return result;
  }, [search, keys]);
  // The page bounds are the server's (core's `checkQueryParam`); a page it would refuse reads as page 1.
  const checkedPage = checkQueryParam({ field: 'page', value: values.page, check: { rule: 'page' }, lang });
  const page = checkedPage.kind === 'number' ? checkedPage.value : 1;

  const update = useCallback(
    (patch: Partial<Record<K | 'page', string | number>>) => {
      const params = new URLSearchParams(search);
      if (!('page' in patch)) params.delete('page');
      for (const [key, value] of Object.entries(patch)) {
        if (value === '' || value === undefined || value === null || (key === 'page' && Number(value) <= 1))
          params.delete(key);
        else params.set(key, String(value));
      }
      const text = params.toString();
      navigate(localize(text ? `${basePath}?${text}` : basePath));
    },
    [search, navigate, localize, basePath],
  );
  return { values, page, update };
}
