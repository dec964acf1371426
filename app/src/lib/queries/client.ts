// The app's one query cache and its defaults (the root mounts it; each test render makes its own).
import { QueryClient } from '@tanstack/react-query';

/** How long an answer counts as fresh: coming back to a page within it shows the page at once, unasked. */
export const freshForMs = 60_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: freshForMs,
        // The HTTP client already retries a read once on a transient status (`lib/http`).
        retry: false,
        // The catalogue does not change because the tab got the focus back.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
