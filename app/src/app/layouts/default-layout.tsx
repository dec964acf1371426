// The default layout: skip link, header (logo, main navigation, language switcher, account; on a
// narrow screen a menu button holds the navigation and the language), page, footer.
import { Outlet } from 'react-router';
import { PlayerSlot } from '@/features/player';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '@/components/language-switcher/language-switcher';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { AccountMenu } from '@/features/auth/components/account-menu';
import { pathTo } from '@/lib/paths';
import { useMayEnterConsole } from './console-access';
import { Logo } from './logo';
import { MainNav } from './main-nav';
import { PageBoundary } from './page-boundary';
import { SiteMenu } from './site-menu';
import { SkipLink } from './skip-link';
import './layouts.css';

export function DefaultLayout() {
  const { t } = useTranslation();
  const mayEnterConsole = useMayEnterConsole();
  const footer = [
    { to: pathTo('help'), label: t('app.footer.help') },
    { to: pathTo('about'), label: t('app.footer.about') },
    { to: pathTo('terms'), label: t('app.footer.terms') },
    { to: pathTo('privacy'), label: t('app.footer.privacy') },
    { to: pathTo('copyright'), label: t('app.footer.copyright') },
    { to: pathTo('contact'), label: t('app.footer.contact') },
    { to: pathTo('feedback'), label: t('app.footer.feedback') },
  ];

  return (
    <div className="layout layout--default">
      <SkipLink />
      <header className="site-header">
        <div className="site-header__inner">
          <SiteMenu />
          <Logo />
          <MainNav className="site-nav" />
          <div className="site-header__tools">
            <div className="site-header__language">
              <LanguageSwitcher />
            </div>
            <AccountMenu mayEnterConsole={mayEnterConsole} />
          </div>
        </div>
      </header>
      <main id="main-content" className="site-main" tabIndex={-1}>
        <PageBoundary>
          <Outlet />
        </PageBoundary>
      </main>
      <footer className="site-footer">
        <div className="site-footer__inner">
          <nav aria-label={t('app.footer.label')}>
            <ul className="site-footer__links">
              {footer.map((item) => (
                <li key={item.to}>
                  <LocalizedLink to={item.to}>{item.label}</LocalizedLink>
                </li>
              ))}
            </ul>
          </nav>
          <p className="site-footer__note">{t('app.footer.note', { year: new Date().getFullYear() })}</p>
        </div>
      </footer>
      <PlayerSlot />
    </div>
  );
}
