// "Buy this": opens the order on the server, then leaves for its hosted checkout; a refusal (not
// for sale, already bought, already a lifetime member) stays on the page as the server's sentence.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreateOrder } from '@/lib/api/types';
import { useCreateOrder } from '@/lib/queries/shop';
import { goToCheckout } from '@/lib/shop-api';
import { failureMessage } from './failure-message';

export interface Checkout {
  /** Opens the order and goes to its checkout. */
  start: (order: CreateOrder) => Promise<void>;
  /** The order being opened (or whose checkout is loading), so its button can say so. */
  busy: CreateOrder | null;
  /** Why the last attempt failed, in the buyer's language. */
  error: string | null;
}

export function useCheckout(userId: number | null): Checkout {
  const { t } = useTranslation('shop');
  const create = useCreateOrder(userId);
  const [busy, setBusy] = useState<CreateOrder | null>(null);
  const [error, setError] = useState<string | null>(null);

  // Back from the checkout through the browser's page cache: the page is as it was left, busy.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(null);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  const start = async (body: CreateOrder) => {
    setError(null);
    setBusy(body);
    try {
      const order = await create.mutateAsync(body);
      if (order.state === 'pending' && order.checkoutUrl) {
        // The page is being left: the button stays busy so it is not pressed twice.
        goToCheckout(order.checkoutUrl);
        return;
      }
      setError(t('shop.checkout.unavailable'));
    } catch (caught) {
      setError(failureMessage(caught, t));
    }
    setBusy(null);
  };

  return { start, busy, error };
}
