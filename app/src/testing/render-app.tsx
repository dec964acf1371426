// Renders the real route table in a memory router at a path, with a fixture user, test catalogues
// and a fresh query cache (no answer carries over from another test).
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { buildRootRoutes } from '@/app/routes';
import { authStore } from '@/features/auth/auth-store';
import type { UserView } from '@/lib/api/types';
import { createQueryClient } from '@/lib/queries/client';
import { createTestI18n } from './i18n';

/** `user` is signed into the auth store (no server, no storage) before the first render. */
export function renderApp(path: string, { user = null, lang = 'zh' }: { user?: UserView | null; lang?: string } = {}) {
  if (user) authStore.seed(user);
  const router = createMemoryRouter(buildRootRoutes(), { initialEntries: [path] });
  const i18n = createTestI18n(lang);
  const queryClient = createQueryClient();
  const view = render(
    <AppProvider i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  const location = () => router.state.location;
  return { ...view, router, i18n, queryClient, location };
}
