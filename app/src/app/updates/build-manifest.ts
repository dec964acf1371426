// Reads the build the server offers now (`builds/latest.json`, written by `buildInfo()` in vite.config.ts).

/** Where the build manifest is served: beside the app, whichever page address the app is on. */
export const buildManifestUrl = `${import.meta.env.BASE_URL}builds/latest.json`;

interface BuildManifest {
  version: string;
  builtAt: string;
}

const isManifest = (value: unknown): value is BuildManifest =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as BuildManifest).version === 'string' &&
  typeof (value as BuildManifest).builtAt === 'string';

/** The latest build's id (version and build time), fetched past every cache; throws when unreadable. */
export async function fetchLatestBuild(): Promise<string> {
  const response = await fetch(buildManifestUrl, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${buildManifestUrl}: ${response.status}`);
  const manifest: unknown = await response.json();
  if (!isManifest(manifest)) throw new Error(`${buildManifestUrl} has no version and build time`);
  return `${manifest.version}@${manifest.builtAt}`;
}
