// Reads one order every second while it is pending (the provider's notification confirms a payment
// a moment after the buyer returns), for up to a minute; then it waits for the buyer's "refresh".
// An order the provider reports paid (`confirming`: its notification is being retried, the site
// may be down) is read every five seconds until it lands, however long that takes.
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useViewer } from '@/features/auth/use-viewer';
import { shopQueries } from '@/lib/queries/shop';

export const pollEveryMs = 1_000;
export const pollForMs = 60_000;
export const pollConfirmingEveryMs = 5_000;

export function useOrderPolling(id: number) {
  const viewer = useViewer();
  const [gaveUp, setGaveUp] = useState(false);
  const order = useQuery({
    ...shopQueries.order(viewer, id),
    refetchInterval: (query) => {
      const data = query.state.data;
      if (data?.state !== 'pending') return false;
      if (data.confirming) return pollConfirmingEveryMs;
      return gaveUp ? false : pollEveryMs;
    },
  });
  const waiting = order.data?.state === 'pending';

  useEffect(() => {
    if (!waiting || gaveUp) return;
    const timer = setTimeout(() => setGaveUp(true), pollForMs);
    return () => clearTimeout(timer);
  }, [waiting, gaveUp]);

  /** Asks again now, and keeps asking for another minute. */
  const refresh = () => {
    setGaveUp(false);
    void order.refetch();
  };

  return { order, stillConfirming: waiting && gaveUp, refresh };
}
