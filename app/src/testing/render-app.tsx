// Renders the real route table in a memory router at a path, with a fixture user and test catalogues.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { buildRootRoutes } from '@/app/routes';
import type { User } from '@/features/auth/types';
import { createTestI18n } from './i18n';

export function renderApp(path: string, { user = null, lang = 'zh' }: { user?: User | null; lang?: string } = {}) {
  const router = createMemoryRouter(buildRootRoutes(), { initialEntries: [path] });
  const i18n = createTestI18n(lang);
  const view = render(
    <AppProvider i18n={i18n} user={user}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  const location = () => router.state.location;
  return { ...view, router, i18n, location };
}
