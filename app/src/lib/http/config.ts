// Where the API lives: runtime configuration (`window.__TINGSHU_CONFIG__.apiBase` or a meta tag), else same origin.
declare global {
  interface Window {
    __TINGSHU_CONFIG__?: { apiBase?: string };
  }
}

/** The API base URL without a trailing slash; '' means the page's own origin. */
export function apiBase(): string {
  const fromWindow = typeof window === 'undefined' ? undefined : window.__TINGSHU_CONFIG__?.apiBase;
  const fromMeta =
    typeof document === 'undefined'
      ? null
      : document.querySelector<HTMLMetaElement>('meta[name="tingshu-api-base"]')?.getAttribute('content');
  const base = (fromWindow ?? fromMeta ?? '').trim();
  return base.replace(/\/+$/, '');
}

/** `path` (absolute, e.g. `/api/auth/me`) under the configured base; full URLs pass through. */
export function apiUrl(path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${apiBase()}${path.startsWith('/') ? path : `/${path}`}`;
}
