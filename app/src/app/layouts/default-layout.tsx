// The default layout: skip link, header (logo, main navigation, language switcher, account), page, footer.
import { Outlet } from 'react-router';
import { PlayerSlot } from '@/features/player';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '@/components/language-switcher/language-switcher';
import { LocalizedLink, LocalizedNavLink } from '@/components/localized-link/localized-link';
import { AccountMenu } from '@/features/auth/components/account-menu';
import { pathTo } from '@/lib/paths';
import { Logo } from './logo';
import { PageBoundary } from './page-boundary';
import { SkipLink } from './skip-link';
import './layouts.css';

export function DefaultLayout() {
  const { t } = useTranslation();
  const nav = [
    { to: pathTo('home'), label: t('app.nav.home'), end: true },
    { to: pathTo('books'), label: t('app.nav.books') },
    { to: pathTo('categories'), label: t('app.nav.categories') },
    { to: pathTo('search'), label: t('app.nav.search') },
    { to: pathTo('limitedFree'), label: t('app.nav.limitedFree') },
    { to: pathTo('recommendations'), label: t('app.nav.recommendations') },
  ];
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
          <Logo />
          <nav className="site-nav" aria-label={t('app.nav.label')}>
            <ul className="site-nav__list">
              {nav.map((item) => (
                <li key={item.to}>
                  <LocalizedNavLink to={item.to} end={item.end} className="site-nav__link">
                    {item.label}
                  </LocalizedNavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="site-header__tools">
            <LanguageSwitcher />
            <AccountMenu />
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
