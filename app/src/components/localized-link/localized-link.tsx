// Router links to unprefixed app paths, localised for the current language by core's `localizePath`.
import { forwardRef } from 'react';
import { Link, useLocation, type LinkProps } from 'react-router';
import { useLocalize } from '@/lib/lang';

type Target = { to: string };

export const LocalizedLink = forwardRef<HTMLAnchorElement, Omit<LinkProps, 'to'> & Target>(function LocalizedLink(
  { to, ...props },
  ref,
) {
  const localize = useLocalize();
  return <Link ref={ref} to={localize(to)} {...props} />;
});

type NavProps = Omit<LinkProps, 'to' | 'className'> &
  Target & {
    className?: string;
    end?: boolean;
    /** Decides activity instead of the path (a page reached under another section's path). */
    active?: boolean;
  };

/**
 * A navigation link marked `aria-current="page"` when active. The locale layer shows pages an
 * unprefixed location, so activity is judged on the unprefixed `to`, not the localised href.
 */
export const LocalizedNavLink = forwardRef<HTMLAnchorElement, NavProps>(function LocalizedNavLink(
  { to, end = false, className = '', active: activeOverride, ...props },
  ref,
) {
  const localize = useLocalize();
  const { pathname } = useLocation();
  const base = to.endsWith('/') ? to : `${to}/`;
  const active = activeOverride ?? (pathname === to || (!end && pathname.startsWith(base)));
  return (
    <Link
      ref={ref}
      to={localize(to)}
      aria-current={active ? 'page' : undefined}
      className={active ? `${className} active` : className}
      {...props}
    />
  );
});
