// Programmatic navigation to an address the app does not control (a `redirect` parameter, an
// order's return path): a path of this site only, by core's `safeRedirect`, unless the caller says
// `{ external: true }` (spec §2: navigating to an external URL without an explicit option is
// refused), and then only a web address, by core's `safeExternalUrl`. A refused address goes home
// instead, with a warning.
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

export interface NavigateToOptions {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  /** Leave the app for this address (a payment provider's page); without it only this site's paths are followed. */
  external?: boolean;
}

/** Where a navigation lands: inside the app, out of it, or home because the address was refused. */
export type NavigationTarget =
  { kind: 'internal'; to: string } | { kind: 'external'; href: string } | { kind: 'refused'; to: '/' };

/**
 * Decides where `address` may lead. Core's rule (fetched with the pages that need it, never with
 * the first load) keeps only this site's paths: no scheme (`https:`, `javascript:`), no `//host`,
 * no backslash, no control character.
 */
export async function resolveNavigation(
  address: string,
  { external = false }: Pick<NavigateToOptions, 'external'> = {},
): Promise<NavigationTarget> {
  const { safeExternalUrl, safeRedirect } = await import('@/lib/core-pages');
  if (external) {
    const href = safeExternalUrl({ value: address });
    if (href !== null) return { kind: 'external', href };
  } else {
    const path = safeRedirect({ value: address });
    if (path !== null) return { kind: 'internal', to: path };
  }
  console.warn(
    `Navigation to ${JSON.stringify(address)} refused: not ${external ? 'a web address' : 'a path of this site'}. Going home instead.`,
  );
  return { kind: 'refused', to: '/' };
}

/** Leaves the app for `href` when core allows it as an external address (a full navigation); home otherwise. */
export async function leaveFor(
  href: string,
  { replace = false }: Pick<NavigateToOptions, 'replace'> = {},
): Promise<void> {
  const target = await resolveNavigation(href, { external: true });
  const to = target.kind === 'external' ? target.href : target.to;
  if (replace) window.location.replace(to);
  else window.location.assign(to);
}

/** `navigateTo(address, options)`: the router for this site's paths, the browser for `{ external: true }`. */
export function useNavigateTo(): (address: string, options?: NavigateToOptions) => Promise<void> {
  const navigate = useNavigate();
  return useCallback(
    async (address, { replace = false, external = false } = {}) => {
      if (external) return leaveFor(address, { replace });
      const target = await resolveNavigation(address);
      await navigate(target.kind === 'external' ? '/' : target.to, { replace });
    },
    [navigate],
  );
}
