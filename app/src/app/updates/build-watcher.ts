// Polls the latest build every 5 minutes and when the tab becomes visible, and announces each newer build once.

/** How often the build manifest is asked for while the page is open. */
export const buildPollIntervalMs = 5 * 60_000;
/**
 * When the running build is compiled in, the first poll waits this long: a page that opens on an
 * older build (one the service worker kept) still learns it soon, and the page's first screen does
 * not share the network with the manifest.
 */
export const firstBuildPollDelayMs = 10_000;

interface WatchBuildsOptions {
  /** The build the server offers now (`fetchLatestBuild`). */
  latestBuild: () => Promise<string>;
  /** Called once per build that differs from the running one. */
  onNewBuild: (build: string) => void;
  /** The build this page is, when known (production builds compile it in). */
  runningBuild?: string | null;
  intervalMs?: number;
  firstPollDelayMs?: number;
}

/**
 * Starts watching; returns the function that stops it. The running build is the one compiled in
 * (then the first poll comes `firstPollDelayMs` after the start); without it, the first one the
 * manifest names after the page loaded, asked for at once (`index.html` is served `no-cache`, so
 * the page just loaded is that build). A failed poll is only logged.
 */
export function watchBuilds({
  latestBuild,
  onNewBuild,
  runningBuild = null,
  intervalMs = buildPollIntervalMs,
  firstPollDelayMs = firstBuildPollDelayMs,
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
  let firstPoll: number | undefined;
  if (running === null) void poll();
  else firstPoll = window.setTimeout(() => void poll(), firstPollDelayMs);
  const timer = window.setInterval(() => void poll(), intervalMs);
  document.addEventListener('visibilitychange', onVisibilityChange);
  return () => {
    stopped = true;
    window.clearTimeout(firstPoll);
    window.clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisibilityChange);
  };
}
