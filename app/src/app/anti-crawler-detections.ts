// Starts the anti-crawler's detections (`@/features/anti-crawler/watch`) with the tab's tracking
// session id as the reports' `visitorId`; not at all when `disable-ac` is honoured (development
// builds only). Fetched by `./later-anti-crawler` after the app started, never in the first load.
import { watchPage } from '@/features/anti-crawler/watch';
import { trackingSessionId } from '@/features/tracking/session-id';
import { antiCrawlerDisabled } from '@/lib/http/challenge';

/** What stops them, or nothing when they are switched off. */
export function startDetections(): (() => void) | undefined {
  if (antiCrawlerDisabled()) return undefined;
  return watchPage({ visitorId: trackingSessionId() });
}
