// Mounted once by the app: new-build notices (production builds only) and the time-zone offer.
import { useBuildUpdates } from './use-build-updates';
import { useTimezoneCheck } from './use-timezone-check';

/** `pollBuilds`: the dev server and tests have no `builds/latest.json`. */
export function AppUpdates({ pollBuilds = import.meta.env.PROD }: { pollBuilds?: boolean }) {
  useBuildUpdates(pollBuilds);
  useTimezoneCheck();
  return null;
}
