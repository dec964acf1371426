// Reads one order every second while it is pending (the provider's notification confirms a payment
// a moment after the buyer returns), for up to a minute; then it waits for the buyer's "refresh".
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useViewer } from '@/features/auth/use-viewer';
import { shopQueries } from '@/lib/queries/shop';

export const pollEveryMs = 1_000;
export const pollForMs = 60_000;

export function useOrderPolling(id: number) {
  const viewer = useViewer();
  const [gaveUp, setGaveUp] = useState(false);
  const order = useQuery({
    ...shopQueries.order(viewer, id),
    refetchInterval: (query) => (!gaveUp && query.state.data?.state === 'pending' ? pollEveryMs : false),
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
