// What the app tells its service worker: the build files and translations this page loaded before
// the worker controlled it (a first visit's files never pass through the worker), to keep offline;
// and, once something is downloaded, to keep every file of the build, so any page opens offline.

export interface KeepFilesMessage {
  type: 'keep-files';
  /** Same-site paths (`/assets/…`, `/_i18n/…`). */
  urls: string[];
}

export function isKeepFilesMessage(value: unknown): value is KeepFilesMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Partial<KeepFilesMessage>;
  return (
    message.type === 'keep-files' && Array.isArray(message.urls) && message.urls.every((url) => typeof url === 'string')
  );
}

export interface KeepAppMessage {
  type: 'keep-app';
}

export const keepAppMessage: KeepAppMessage = { type: 'keep-app' };

export function isKeepAppMessage(value: unknown): value is KeepAppMessage {
  return typeof value === 'object' && value !== null && (value as Partial<KeepAppMessage>).type === 'keep-app';
}
