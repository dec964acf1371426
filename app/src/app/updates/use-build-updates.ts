// Shows one toast with a reload button when a newer build of the app is out.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToastHandle } from '@/components/toast/toast-types';
import { useToast } from '@/components/toast/use-toast';
import { fetchLatestBuild } from './build-manifest';
import { watchBuilds } from './build-watcher';

export function useBuildUpdates(enabled: boolean): void {
  const { t } = useTranslation();
  const { toast } = useToast();
  // The watcher outlives renders: a language switch must not restart it (and forget the running build).
  const announce = useRef<() => void>(() => {});
  const shown = useRef<ToastHandle | null>(null);
  announce.current = () => {
    // A still newer build replaces the notice of the previous one: one notice at a time.
    shown.current?.dismiss();
    shown.current = toast({
      color: 'info',
      icon: 'info',
      title: t('app.updates.build.title'),
      description: t('app.updates.build.description'),
      duration: Infinity,
      actions: [{ label: t('app.updates.build.reload'), onClick: () => window.location.reload() }],
    });
  };

  useEffect(() => {
    if (!enabled) return;
    return watchBuilds({
      latestBuild: fetchLatestBuild,
      onNewBuild: () => announce.current(),
      runningBuild: typeof __APP_BUILD__ === 'string' ? __APP_BUILD__ : null,
    });
  }, [enabled]);
}
