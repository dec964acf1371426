// Every 300 s (and at start and sign-in), offers a signed-in listener the browser's time zone when their profile's differs.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/toast/use-toast';
import { authStore } from '@/features/auth/auth-store';
import { useCurrentUser } from '@/features/auth/use-auth';
import { storeTimezone } from '@/lib/language-preference';
import { rememberDeclined, timezoneCheckIntervalMs, zoneWorthOffering } from './timezone-offer';

interface Offer {
  zone: string;
  accepted: boolean;
}

export function useTimezoneCheck(): void {
  const { t } = useTranslation();
  const { toast, toasts } = useToast();
  const userId = useCurrentUser()?.id ?? null;
  /** Zones offered in this page load, asked about at most once each. */
  const offered = useRef(new Set<string>());
  /** Open offers by toast id. */
  const open = useRef(new Map<string, Offer>());
  const offer = useRef<(zone: string, profileZone: string) => void>(() => {});

  offer.current = (zone, profileZone) => {
    const entry: Offer = { zone, accepted: false };
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

  // An offer closed without accepting it is declined for this tab.
  useEffect(() => {
    for (const entry of toasts) {
      const closed = open.current.get(entry.id);
      if (!closed || entry.open) continue;
      open.current.delete(entry.id);
      if (!closed.accepted) rememberDeclined(closed.zone);
    }
  }, [toasts]);

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
