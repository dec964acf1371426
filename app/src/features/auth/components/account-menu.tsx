// The header's account area: a sign-in link when signed out; when signed in a disclosure menu
// with profile, settings and sign out (Escape or a click outside closes it).
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { useLang } from '@/lib/lang';
import { pathTo } from '@/lib/paths';
import { authStore } from '@/features/auth/auth-store';
import { useAuth, useCurrentUser } from '@/features/auth/use-auth';
import { Avatar } from './avatar';
import './account-menu.css';

export function AccountMenu() {
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
        <li>
          <LocalizedLink to={pathTo('profile')} className="account-menu__item">
            {t('app.auth.menu.profile')}
          </LocalizedLink>
        </li>
        <li>
          <LocalizedLink to={pathTo('settings')} className="account-menu__item">
            {t('app.auth.menu.settings')}
          </LocalizedLink>
        </li>
        <li>
          <button type="button" className="account-menu__item" onClick={() => void authStore.logout()}>
            {t('app.auth.menu.signOut')}
          </button>
        </li>
      </ul>
    </div>
  );
}
