// Renders the real routes in a memory router at a path, with a fixture user, test catalogues
// and a fresh query cache (no answer carries over from another test).
import { render } from '@testing-library/react';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  useNavigationType,
  type Location,
  type NavigateFunction,
  type NavigationType,
  type To,
} from 'react-router';
import { AppProvider } from '@/app/provider';
import { RootRoutes } from '@/app/routes';
import { authStore } from '@/features/auth/auth-store';
import type { UserView } from '@/lib/api/types';
import { createQueryClient } from '@/lib/queries/client';
import { createTestI18n } from './i18n';

interface Seen {
  location?: Location;
  navigate?: NavigateFunction;
  action?: NavigationType;
}

/** Keeps the router's current location and navigate function where the test can reach them. */
function Probe({ seen }: { seen: Seen }) {
  seen.location = useLocation();
  seen.navigate = useNavigate();
  seen.action = useNavigationType();
  return null;
}

/** `user` is signed into the auth store (no server, no storage) before the first render. */
export function renderApp(path: string, { user = null, lang = 'zh' }: { user?: UserView | null; lang?: string } = {}) {
  if (user) authStore.seed(user);
  const seen: Seen = {};
  const i18n = createTestI18n(lang);
  const queryClient = createQueryClient();
  const view = render(
    <AppProvider i18n={i18n} queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <RootRoutes />
        <Probe seen={seen} />
      </MemoryRouter>
    </AppProvider>,
  );
  const router = {
    /** Navigates like a link (a path) or the history buttons (a number). */
    navigate: async (to: To | number) => {
      if (typeof to === 'number') await seen.navigate?.(to);
      else await seen.navigate?.(to);
    },
    get state() {
      return { location: seen.location as Location, historyAction: seen.action };
    },
  };
  const location = () => router.state.location;
  return { ...view, router, i18n, queryClient, location };
}
