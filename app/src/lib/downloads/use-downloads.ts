// React access to the downloads store: its state, read from Cache Storage on first use.
import { useEffect, useSyncExternalStore } from 'react';
import { downloads, type DownloadsState } from './download-manager';

export function useDownloads(): DownloadsState {
  const state = useSyncExternalStore(downloads.subscribe, downloads.getSnapshot, downloads.getSnapshot);
  useEffect(() => {
    void downloads.load();
  }, []);
  return state;
}
