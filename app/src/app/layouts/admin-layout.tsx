// The admin console frame: top bar and a grouped sidebar of the console sections the signed-in user
// may open (each link's route decided by core's `decideRoute`, as the router decides the page; a
// route without a page is never linked) around the page. A chunk of its own (`../routes.tsx`).
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
import './admin-layout.css';

interface Section {
  route: RouteName;
  label: Label;
  /** Marks the link current on its own path only (not on the paths under it). */
  end?: boolean;
}

type GroupName = 'content' | 'offers' | 'money' | 'people' | 'operations';

const groupLabel: Record<GroupName, Label> = {
  content: (t) => t('console.nav.groupContent'),
  offers: (t) => t('console.nav.groupOffers'),
  money: (t) => t('console.nav.groupMoney'),
  people: (t) => t('console.nav.groupPeople'),
  operations: (t) => t('console.nav.groupOperations'),
};

const groups: [GroupName, Section[]][] = [
  [
    'content',
    [
      { route: 'admin', label: (t) => t('console.nav.dashboard'), end: true },
      { route: 'adminBooks', label: (t) => t('console.nav.books') },
      { route: 'adminChapters', label: (t) => t('console.nav.chapters') },
      { route: 'adminCategories', label: (t) => t('console.nav.categories') },
      { route: 'adminUpload', label: (t) => t('console.nav.upload') },
      { route: 'adminResources', label: (t) => t('console.nav.resources') },
      { route: 'adminFiles', label: (t) => t('console.nav.files') },
      { route: 'adminDataImport', label: (t) => t('console.nav.import') },
      { route: 'adminExport', label: (t) => t('console.nav.export') },
    ],
  ],
  [
    'offers',
    [
      { route: 'adminPromotions', label: (t) => t('console.nav.promotions') },
      { route: 'adminLimitedFree', label: (t) => t('console.nav.limitedFree') },
      { route: 'adminAdsSettings', label: (t) => t('console.nav.ads') },
      { route: 'adminAnalytics', label: (t) => t('console.nav.analytics') },
      { route: 'adminSearchAnalytics', label: (t) => t('console.nav.searchAnalytics') },
      { route: 'adminReports', label: (t) => t('console.nav.reports') },
    ],
  ],
  [
    'money',
    [
      // The orders pages' route titles are their sidebar names.
      { route: 'adminOrders', label: (t) => t('console.routes.adminOrders') },
      { route: 'adminPlans', label: (t) => t('console.routes.adminPlans') },
    ],
  ],
  [
    'people',
    [
      { route: 'adminUsers', label: (t) => t('console.nav.users') },
      { route: 'adminRoles', label: (t) => t('console.nav.roles') },
      { route: 'adminPermissions', label: (t) => t('console.nav.permissions') },
    ],
  ],
  [
    'operations',
    [
      { route: 'adminStorage', label: (t) => t('console.nav.storage') },
      { route: 'adminLogs', label: (t) => t('console.nav.logs') },
      { route: 'adminAccessLogs', label: (t) => t('console.nav.accessLogs') },
      { route: 'adminSecurity', label: (t) => t('console.nav.security') },
      { route: 'adminSettings', label: (t) => t('console.nav.settings') },
    ],
  ],
];

const routes = new Map(routeTable.map((route) => [route.name, route]));

/**
 * The sections the signed-in user may open, by group (empty groups left out). A section whose
 * route has no page yet is never linked: the sidebar leads only to real pages.
 */
function useOpenGroups(): [GroupName, Section[]][] {
  const user = toGuardUser(useCurrentUser());
  const { lang } = useLang();
  const opens = (section: Section) => {
    const route = routes.get(section.route);
    if (!route?.page) return false;
    const path = localizeTarget(pathTo(section.route), lang);
    return routeDecision(route, { path, user, lang }).kind === 'allow';
  };
  return groups
    .map(([name, sections]): [GroupName, Section[]] => [name, sections.filter(opens)])
    .filter(([, sections]) => sections.length > 0);
}

export function AdminLayout() {
  const { t } = useTranslation('console');
  const open = useOpenGroups();
  // Not a console member (a listener, or a guest on the way to sign in): the refusal is drawn in
  // the site's own frame, never in the console's.
  if (open.length === 0) return <DefaultLayout />;

  return (
    <div className="layout layout--admin">
      <SkipLink />
      <header className="admin-header">
        <Logo suffix={t('console.nav.title')} />
        <div className="site-header__tools">
          <LanguageSwitcher />
          <AccountMenu />
        </div>
      </header>
      <div className="admin-frame">
        <AdminSidebar open={open} />
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

/** The console's sections, in groups; its texts come with the console's own catalogue. */
function AdminSidebar({ open }: { open: [GroupName, Section[]][] }) {
  const { t } = useTranslation('console');
  return (
    <nav className="admin-sidebar" aria-label={t('console.nav.label')}>
      {open.map(([group, sections]) => (
        <div key={group} className="admin-sidebar__group">
          <h2 className="admin-sidebar__heading" id={`admin-nav-${group}`}>
            {groupLabel[group](t)}
          </h2>
          <ul className="admin-sidebar__list" aria-labelledby={`admin-nav-${group}`}>
            {sections.map((section) => (
              <li key={section.route}>
                <LocalizedNavLink to={pathTo(section.route)} end={section.end} className="admin-sidebar__link">
                  {section.label(t)}
                </LocalizedNavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
