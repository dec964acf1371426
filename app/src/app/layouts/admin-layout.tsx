// The admin console frame: top bar and a sidebar of the console sections the signed-in user may
// open (each link's route decided by core's `decideRoute`, as the router decides the page) around the page.
import { Outlet } from 'react-router';
import { PlayerSlot } from '@/features/player';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '@/components/language-switcher/language-switcher';
import { AccountMenu } from '@/features/auth/components/account-menu';
import { toGuardUser, useCurrentUser } from '@/features/auth/use-auth';
import { LocalizedNavLink } from '@/components/localized-link/localized-link';
import type { Label } from '@/lib/i18n';
import { localizeTarget, useLang } from '@/lib/lang';
import { pathTo, type RouteName } from '@/lib/paths';
import { routeDecision } from '../route-access';
import { routeTable } from '../route-table';
import { DefaultLayout } from './default-layout';
import { Logo } from './logo';
import { PageBoundary } from './page-boundary';
import { SkipLink } from './skip-link';
import './layouts.css';

interface Section {
  route: RouteName;
  label: Label;
  /** Marks the link current on its own path only (not on the paths under it). */
  end?: boolean;
  /**
   * The permission the section's data needs where its route asks less: spec §6 guards the role
   * and permission pages with `auth` alone, but what they manage is the users' (manage:users).
   */
  manages?: string;
}

const sections: Section[] = [
  { route: 'admin', label: (t) => t('app.admin.nav.dashboard'), end: true },
  { route: 'adminBooks', label: (t) => t('app.admin.nav.books') },
  { route: 'adminChapters', label: (t) => t('app.admin.nav.chapters') },
  { route: 'adminCategories', label: (t) => t('app.admin.nav.categories') },
  { route: 'adminUpload', label: (t) => t('app.admin.nav.upload') },
  { route: 'adminResources', label: (t) => t('app.admin.nav.resources') },
  { route: 'adminFiles', label: (t) => t('app.admin.nav.files') },
  { route: 'adminDataImport', label: (t) => t('app.admin.nav.import') },
  { route: 'adminExport', label: (t) => t('app.admin.nav.export') },
  { route: 'adminPromotions', label: (t) => t('app.admin.nav.promotions') },
  { route: 'adminAnalytics', label: (t) => t('app.admin.nav.analytics') },
  // The orders pages' route titles are their sidebar names.
  { route: 'adminOrders', label: (t) => t('app.routes.adminOrders') },
  { route: 'adminPlans', label: (t) => t('app.routes.adminPlans') },
  { route: 'adminUsers', label: (t) => t('app.admin.nav.users') },
  { route: 'adminRoles', label: (t) => t('app.admin.nav.roles'), manages: 'manage:users' },
  { route: 'adminPermissions', label: (t) => t('app.admin.nav.permissions'), manages: 'manage:users' },
  { route: 'adminStorage', label: (t) => t('app.admin.nav.storage') },
  { route: 'adminLogs', label: (t) => t('app.admin.nav.logs') },
  { route: 'adminSecurity', label: (t) => t('app.admin.nav.security') },
  { route: 'adminSettings', label: (t) => t('app.admin.nav.settings') },
];

const routes = new Map(routeTable.map((route) => [route.name, route]));

/** The sections the signed-in user may open. */
function useOpenSections(): Section[] {
  const user = toGuardUser(useCurrentUser());
  const { lang } = useLang();
  return sections.filter((section) => {
    const route = routes.get(section.route);
    if (!route) return false;
    const access = section.manages ? { guards: [...route.guards, 'permission'], permission: section.manages } : route;
    const path = localizeTarget(pathTo(section.route), lang);
    return routeDecision(access, { path, user, lang }).kind === 'allow';
  });
}

export function AdminLayout() {
  const { t } = useTranslation();
  const open = useOpenSections();
  // Not a console member (a listener, or a guest on the way to sign in): the refusal is drawn in
  // the site's own frame, never in the console's.
  if (open.length === 0) return <DefaultLayout />;

  return (
    <div className="layout layout--admin">
      <SkipLink />
      <header className="admin-header">
        <Logo suffix={t('app.admin.title')} />
        <div className="site-header__tools">
          <LanguageSwitcher />
          <AccountMenu />
        </div>
      </header>
      <div className="admin-frame">
        <nav className="admin-sidebar" aria-label={t('app.admin.nav.label')}>
          <ul className="admin-sidebar__list">
            {open.map((section) => (
              <li key={section.route}>
                <LocalizedNavLink to={pathTo(section.route)} end={section.end} className="admin-sidebar__link">
                  {section.label(t)}
                </LocalizedNavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main-content" className="admin-main" tabIndex={-1}>
          <PageBoundary>
            <Outlet />
          </PageBoundary>
        </main>
      </div>
      <PlayerSlot />
    </div>
  );
}
