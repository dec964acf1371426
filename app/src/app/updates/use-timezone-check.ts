// Every 300 s (and at start and sign-in), offers a signed-in listener the browser's time zone when their profile's
// differs: once per browser and zone, in the page's language (an open offer is said again after a switch).
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/toast/use-toast';
import { authStore } from '@/features/auth/auth-store';
import { useCurrentUser } from '@/features/auth/use-auth';
import { storeTimezone } from '@/lib/language-preference';
import { rememberAsked, timezoneCheckIntervalMs, zoneWorthOffering } from './timezone-offer';

interface Offer {
  zone: string;
  profileZone: string;
  accepted: boolean;
}

export function useTimezoneCheck(): void {
  const { t, i18n } = useTranslation();
  const { toast, toasts, dismiss } = useToast();
  const userId = useCurrentUser()?.id ?? null;
  /** Zones offered in this page load, asked about at most once each. */
  const offered = useRef(new Set<string>());
  /** Open offers by toast id. */
  const open = useRef(new Map<string, Offer>());
  const offer = useRef<(zone: string, profileZone: string) => void>(() => {});

  offer.current = (zone, profileZone) => {
    const entry: Offer = { zone, profileZone, accepted: false };
    const accept = () => {
      entry.accepted = true;
      authStore
        .updateProfile({ timezone: zone })
        .then(() => {
          storeTimezone(zone);
          toast({ color: 'success', icon: 'success', title: t('app.updates.timezone.saved', { zone }) });
        })
        .catch((error: unknown) => {
          console.warn('Saving the time zone failed', error);
          toast({ color: 'error', icon: 'error', title: t('app.updates.timezone.failed') });
        });
    };
    const { id } = toast({
      color: 'info',
      icon: 'info',
      title: t('app.updates.timezone.title'),
      description: t('app.updates.timezone.description', { zone, profile: profileZone }),
      // Only the listener's own answer counts: the offer does not close by itself.
      duration: Infinity,
      actions: [{ label: t('app.updates.timezone.use', { zone }), onClick: accept }],
    });
    open.current.set(id, entry);
  };

  // A closed offer is open no more.
  useEffect(() => {
    for (const entry of toasts) if (!entry.open) open.current.delete(entry.id);
  }, [toasts]);

  // After a language switch, an offer still open is said again in the new language.
  const language = useRef(i18n.language);
  useEffect(() => {
    if (language.current === i18n.language) return;
    language.current = i18n.language;
    for (const [id, entry] of [...open.current]) {
      if (entry.accepted) continue;
      open.current.delete(id);
      dismiss(id);
      offer.current(entry.zone, entry.profileZone);
    }
  }, [i18n.language, dismiss]);

  // Restarted when someone signs in (or a kept session is confirmed): their zone is checked at once.
  useEffect(() => {
    let stopped = false;
    const check = async () => {
      const { user, isAuthenticated } = authStore.getSnapshot();
      if (!isAuthenticated || !user) return;
      const profileZone = user.preferences.timezone;
      const zone = zoneWorthOffering(profileZone, offered.current);
      if (!zone) return;
      // Core's list of allowed zones lives in the pages build: fetched only when there is a zone to check.
      const { validateTimezone } = await import('@/lib/core-pages');
      if (stopped || offered.current.has(zone) || !validateTimezone({ timezone: zone })) return;
      offered.current.add(zone);
      rememberAsked(zone);
      offer.current(zone, profileZone);
    };
    const run = () => void check().catch((error: unknown) => console.warn('Checking the time zone failed', error));
    run();
    const timer = window.setInterval(run, timezoneCheckIntervalMs);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [userId]);
}
