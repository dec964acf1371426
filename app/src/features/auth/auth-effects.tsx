// The auth store's hand-off to the UI, mounted once inside the locale layer: startup restore,
// refresh on navigation, the toasts and navigations of logout and of an uncured 401, and the
// cached answers of a user dropped when another user (or nobody) takes over.
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/toast/use-toast';
import { splitLocale } from '@/lib/core';
import { isUnauthorized } from '@/lib/http';
import { localizeTarget, useLang } from '@/lib/lang';
import { languageChosenEvent } from '@/lib/language-preference';
import { pathTo } from '@/lib/paths';
import { forgetOtherViewers } from '@/lib/queries/viewer';
import { authStore } from './auth-store';
import { useCurrentUser } from './use-auth';

export function AuthEffects() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const { lang, fullPath } = useLang();
  // The latest address, read by event handlers that outlive a render.
  const here = useRef({ lang, fullPath });
  here.current = { lang, fullPath };
  const queryClient = useQueryClient();
  const userId = useCurrentUser()?.id ?? null;

  // Sign-in, sign-out, expiry or restore: what was asked for someone else is forgotten.
  useEffect(() => forgetOtherViewers(queryClient, userId), [queryClient, userId]);

  useEffect(() => {
    void authStore.initialize();
  }, []);

  // The store's own refusals ("not signed in") in the page's language.
  useEffect(() => {
    authStore.translateWith(t);
    return () => authStore.translateWith(null);
  }, [t]);

  useEffect(() => {
    authStore.settle();
    authStore.refreshOnNavigation();
  }, [location.pathname, location.search]);

  // A language chosen while signed in becomes the account's preference on every device.
  useEffect(() => {
    const onChosen = (event: Event) => {
      const language = (event as CustomEvent<string>).detail;
      const { user, isAuthenticated } = authStore.getSnapshot();
      if (!isAuthenticated || !user || user.preferences.language === language) return;
      authStore
        .updateProfile({ language })
        .catch((error: unknown) => console.warn('Saving the language failed', error));
    };
    window.addEventListener(languageChosenEvent, onChosen);
    return () => window.removeEventListener(languageChosenEvent, onChosen);
  }, []);

  useEffect(() => {
    const offEvents = authStore.onEvent((event) => {
      if (event.type === 'signed-in') return;
      const { lang: current, fullPath: address } = here.current;
      if (event.type === 'logged-out') {
        toast({
          color: 'success',
          icon: 'success',
          title: t('app.auth.logout.title'),
          description: t('app.auth.logout.description'),
        });
        navigate(localizeTarget(pathTo('login'), current), { replace: true });
        return;
      }
      const { path } = splitLocale({ path: address });
      if (path === '/auth' || path.startsWith('/auth/')) return;
      authStore.expireSession();
      toast({
        color: 'warning',
        icon: 'warning',
        title: t('app.auth.sessionExpired.title'),
        description: t('app.auth.sessionExpired.description'),
        // The request that found the session over fails too: its page's "failed" toast would repeat this.
        silencesErrors: true,
      });
      const query = new URLSearchParams({ redirect: address, reason: 'session_expired' });
      navigate(localizeTarget(`${pathTo('login')}?${query.toString()}`, current));
    });
    // A 401 thrown by any call and caught by nobody ends up here too.
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isUnauthorized(event.reason)) authStore.reportUnauthorized(event.reason);
    };
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      offEvents();
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, [navigate, t, toast]);

  return null;
}
