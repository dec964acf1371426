// Registers the service worker (`/sw.js`) in production builds where the browser has them — never
// in the dev server or tests — hands it the files this page loaded before it was in control, and
// asks it to keep the whole build once something is downloaded.
import { keepAppMessage, type KeepFilesMessage } from './messages';

/** The same-site build files and translations this page has loaded so far. */
function loadedFiles(): KeepFilesMessage {
  const urls = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name, window.location.href))
    .filter(
      (url) =>
        url.origin === window.location.origin &&
        (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/_i18n/')),
    )
    .map((url) => url.pathname);
  return { type: 'keep-files', urls: [...new Set(urls)] };
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => registration.active?.postMessage(loadedFiles()))
      .catch((error: unknown) => console.warn('The service worker could not be registered', error));
  };
  // After the page's own loading, so the worker's install does not compete with it.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** Something was downloaded: the worker keeps every file of the build, so any page opens offline. */
export function keepAppOffline(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.ready
    .then((registration) => registration.active?.postMessage(keepAppMessage))
    .catch((error: unknown) => console.warn('The app could not be kept for offline use', error));
}
