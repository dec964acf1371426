// Polls the latest build every 5 minutes and when the tab becomes visible, and announces each newer build once.

/** How often the build manifest is asked for while the page is open. */
export const buildPollIntervalMs = 5 * 60_000;

interface WatchBuildsOptions {
  /** The build the server offers now (`fetchLatestBuild`). */
  latestBuild: () => Promise<string>;
  /** Called once per build that differs from the running one. */
  onNewBuild: (build: string) => void;
  /** The build this page is, when known (production builds compile it in). */
  runningBuild?: string | null;
  intervalMs?: number;
}

/**
 * Starts watching; returns the function that stops it. The running build is the one compiled in;
 * without it, the first one the manifest names after the page loaded (`index.html` is served
 * `no-cache`, so the page just loaded is that build). A failed poll is only logged.
 */
export function watchBuilds({
  latestBuild,
  onNewBuild,
  runningBuild = null,
  intervalMs = buildPollIntervalMs,
}: WatchBuildsOptions) {
  let running: string | null = runningBuild;
  const announced = new Set<string>();
  let polling = false;
  let stopped = false;

  const poll = async () => {
    if (polling || stopped) return;
    polling = true;
    try {
      const build = await latestBuild();
      if (stopped) return;
      if (running === null) running = build;
      else if (build !== running && !announced.has(build)) {
        announced.add(build);
        onNewBuild(build);
      }
    } catch (error) {
      console.warn('Checking for a new build failed', error);
    } finally {
      polling = false;
    }
  };

  const onVisibilityChange = () => {
    if (document.visibilityState === 'visible') void poll();
  };
  void poll();
  const timer = window.setInterval(() => void poll(), intervalMs);
  document.addEventListener('visibilitychange', onVisibilityChange);
  return () => {
    stopped = true;
    window.clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisibilityChange);
  };
}
