// The header's account area: a sign-in link when signed out; when signed in a disclosure menu
// with the console for those the layout says may enter it, the listener's library (bookshelf,
// favorites, history, downloads), profile, settings and sign out (Escape or a click outside closes it).
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { useLang } from '@/lib/lang';
import type { Label } from '@/lib/i18n';
import { pathTo, type RouteName } from '@/lib/paths';
import { authStore } from '@/features/auth/auth-store';
import { useAuth, useCurrentUser } from '@/features/auth/use-auth';
import { Avatar } from './avatar';
import './account-menu.css';

/** The menu's pages, in order: the library first, then the account. */
const menuPages: { route: RouteName; label: Label }[] = [
  { route: 'bookshelf', label: (t) => t('app.routes.bookshelf') },
  { route: 'favorites', label: (t) => t('app.routes.favorites') },
  { route: 'history', label: (t) => t('app.routes.history') },
  { route: 'downloads', label: (t) => t('app.routes.downloads') },
  { route: 'profile', label: (t) => t('app.auth.menu.profile') },
  { route: 'settings', label: (t) => t('app.auth.menu.settings') },
];

/** `mayEnterConsole`: the layout's answer from the route guard (core's `decideRoute`) for the console. */
export function AccountMenu({ mayEnterConsole = false }: { mayEnterConsole?: boolean }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { isLoading } = useAuth();
  const { fullPath } = useLang();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  // While a stored session is being confirmed, neither "sign in" nor a menu (no flicker).
  if (!user && isLoading) return null;
  if (!user) {
    const target =
      pathname === pathTo('home')
        ? pathTo('login')
        : `${pathTo('login')}?${new URLSearchParams({ redirect: fullPath })}`;
    return (
      <LocalizedLink to={target} className="button button--small account-menu__sign-in">
        {t('app.auth.menu.signIn')}
      </LocalizedLink>
    );
  }

  return (
    <div
      className="account-menu"
      ref={root}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className="account-menu__button"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        aria-label={t('app.auth.menu.account', { name: user.username })}
        onClick={() => setOpen((shown) => !shown)}
      >
        <Avatar name={user.username} url={user.avatarUrl} alt="" small />
        <span className="account-menu__name" aria-hidden="true">
          {user.username}
        </span>
      </button>
      <ul id={`${id}-menu`} className="account-menu__list" hidden={!open}>
        {mayEnterConsole ? (
          <li>
            <LocalizedLink to={pathTo('admin')} className="account-menu__item">
              {t('app.auth.menu.console')}
            </LocalizedLink>
          </li>
        ) : null}
        {menuPages.map(({ route, label }) => (
          <li
            key={route}
            className={
              route === 'profile' || (route === 'bookshelf' && mayEnterConsole) ? 'account-menu__group' : undefined
            }
          >
            <LocalizedLink to={pathTo(route)} className="account-menu__item">
              {label(t)}
            </LocalizedLink>
          </li>
        ))}
        <li className="account-menu__group">
          <button type="button" className="account-menu__item" onClick={() => void authStore.logout()}>
            {t('app.auth.menu.signOut')}
          </button>
        </li>
      </ul>
    </div>
  );
}
