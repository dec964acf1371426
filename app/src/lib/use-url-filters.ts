// Filters kept in the address (?category=…&sort=…&page=…) so a list can be shared; changing one resets the page.
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useLocalize } from '@/lib/lang';

export function useUrlFilters<K extends string>(basePath: string, keys: readonly K[]) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const localize = useLocalize();
  const values = useMemo(() => {
    const params = new URLSearchParams(search);
    const result = {} as Record<K | 'page', string>;
    for (const key of keys) result[key] = params.get(key) ?? '';
    result.page = params.get('page') ?? '';
    return result;
  }, [search, keys]);
  const page = Math.max(1, Number.parseInt(values.page, 10) || 1);

  const update = useCallback(
    (patch: Partial<Record<K | 'page', string | number>>) => {
      const params = new URLSearchParams(search);
      if (!('page' in patch)) params.delete('page');
      for (const [key, value] of Object.entries(patch)) {
        if (value === '' || value === undefined || value === null || (key === 'page' && Number(value) <= 1)) params.delete(key);
        else params.set(key, String(value));
      }
      const text = params.toString();
      navigate(localize(text ? `${basePath}?${text}` : basePath));
    },
    [search, navigate, localize, basePath],
  );
  return { values, page, update };
}
