// Keeps the grants of the kept downloads fresh: renewed when the downloads page opens and whenever
// the browser comes back online (signed in only; a lapsed membership marks them lapsed).
import { useEffect } from 'react';
import { downloads } from '@/lib/downloads/download-manager';

export function useRenewal(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn) return;
    const renew = () => void downloads.renew();
    renew();
    window.addEventListener('online', renew);
    return () => window.removeEventListener('online', renew);
  }, [signedIn]);
}
