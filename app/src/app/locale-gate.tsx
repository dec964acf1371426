// Runs the locale path rules of core on every navigation, then matches the route table on the unprefixed path.
import { useEffect } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthEffects } from '@/features/auth/auth-effects';
import { PlayerProvider } from '@/features/player';
import { languageTag, localeRedirect, splitLocale } from '@/lib/core';
import { LangProvider } from '@/lib/lang';
import { browserLanguages, readStoredLanguage, siteDefaultLanguage } from '@/lib/language-preference';

export function LocaleGate({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const { i18n } = useTranslation();
  const address = location.pathname + location.search + location.hash;
  const split = splitLocale({ path: address });
  // An unprefixed localisable address follows the listener's language (core `localeRedirect`).
  const localeTarget = localeRedirect({
    path: address,
    stored: readStoredLanguage(),
    browser: browserLanguages(),
    fallback: siteDefaultLanguage(),
  });
  // Match the table on the unprefixed path, so every route exists under every prefix.
  const element = useRoutes(routes, { ...location, pathname: split.path });

  const redirect = split.redirect ?? localeTarget;

  useEffect(() => {
    // An address about to be replaced says nothing about the language: switching to it would
    // fetch a catalogue the visitor never sees.
    if (redirect) return;
    if (i18n.language !== split.lang) void i18n.changeLanguage(split.lang);
    document.documentElement.lang = languageTag({ lang: split.lang });
  }, [i18n, split.lang, redirect]);

  if (redirect) return <Navigate replace to={redirect} />;
  return (
    <LangProvider value={{ lang: split.lang, fullPath: location.pathname + location.search }}>
      <AuthEffects />
      {/* The one player sits above every layout: it keeps playing when the route (or layout) changes. */}
      <PlayerProvider>{element}</PlayerProvider>
    </LangProvider>
  );
}
