// The admin console frame: top bar and a sidebar of console sections around the page.
import { Outlet } from 'react-router';
import { PlayerSlot } from '@/features/player';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '@/components/language-switcher/language-switcher';
import { AccountMenu } from '@/features/auth/components/account-menu';
import { LocalizedNavLink } from '@/components/localized-link/localized-link';
import { pathTo } from '@/lib/paths';
import { Logo } from './logo';
import { PageBoundary } from './page-boundary';
import { SkipLink } from './skip-link';
import './layouts.css';

export function AdminLayout() {
  const { t } = useTranslation();
  const sections = [
    { to: pathTo('admin'), label: t('app.admin.nav.dashboard'), end: true },
    { to: pathTo('adminBooks'), label: t('app.admin.nav.books') },
    { to: pathTo('adminChapters'), label: t('app.admin.nav.chapters') },
    { to: pathTo('adminCategories'), label: t('app.admin.nav.categories') },
    { to: pathTo('adminUsers'), label: t('app.admin.nav.users') },
    { to: pathTo('adminRoles'), label: t('app.admin.nav.roles') },
    { to: pathTo('adminPermissions'), label: t('app.admin.nav.permissions') },
    { to: pathTo('adminPromotions'), label: t('app.admin.nav.promotions') },
    { to: pathTo('adminAnalytics'), label: t('app.admin.nav.analytics') },
    { to: pathTo('adminFiles'), label: t('app.admin.nav.files') },
    { to: pathTo('adminStorage'), label: t('app.admin.nav.storage') },
    { to: pathTo('adminLogs'), label: t('app.admin.nav.logs') },
    { to: pathTo('adminSecurity'), label: t('app.admin.nav.security') },
    { to: pathTo('adminSettings'), label: t('app.admin.nav.settings') },
  ];

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
            {sections.map((item) => (
              <li key={item.to}>
                <LocalizedNavLink to={item.to} end={item.end} className="admin-sidebar__link">
                  {item.label}
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
