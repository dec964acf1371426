// Addresses of stored files' bytes for `<img>` elements, which cannot send the Authorization
// header: one access token (refreshed by the same rule as every request) rides in `?token=`.
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { consoleApi } from '@/lib/console-api';
import { bearerToken } from '@/lib/http';

/** Well inside an access token's life; a page kept open gets a fresh one before it runs out. */
const tokenLifeMs = 5 * 60_000;

/** `(fileId) => address`, or null until the token is at hand. */
export function useContentUrl(): ((fileId: number) => string) | null {
  const token = useQuery({
    queryKey: ['console-content-token'],
    queryFn: () => bearerToken(),
    staleTime: tokenLifeMs,
    refetchInterval: tokenLifeMs,
  });
  const value = token.data;
  const build = useCallback((fileId: number) => consoleApi.fileContentUrl(fileId, value ?? null), [value]);
  return token.isSuccess ? build : null;
}
