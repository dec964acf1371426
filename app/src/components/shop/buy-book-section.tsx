// The "buy this book" block of a book's page (anchor `#buy`): the price in the language's
// currency, and a button that opens the order and goes to checkout (a guest signs in first).
import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { localPrice } from '@/components/catalog/price';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import type { BookDetail } from '@/lib/api/types';
import { currencyForLang, detourPath } from '@/lib/core';
import { useLang } from '@/lib/lang';
import { pathTo } from '@/lib/paths';
import { useCheckout } from './use-checkout';
import './shop.css';

/** The anchor the player's "how to buy" link points at. */
export const buyAnchor = 'buy';

/** Whether a book is sold on its own (a paid book, or a VIP one with a price). */
export function bookForSale(book: Pick<BookDetail, 'access' | 'price'>): boolean {
  return Boolean(book.price) && (book.access === 'paid' || book.access === 'vip');
}

interface BuyBookProps {
  book: BookDetail;
  /** The signed-in buyer; null for a guest (who signs in first). */
  userId: number | null;
}

/** Shown once the `shop` texts are in, so fetching them never blanks the book's page. */
export function BuyBookSection(props: BuyBookProps) {
  return (
    <Suspense fallback={null}>
      <BuyBook {...props} />
    </Suspense>
  );
}

function BuyBook({ book, userId }: BuyBookProps) {
  const { t } = useTranslation('shop');
  const { lang, fullPath } = useLang();
  const location = useLocation();
  const checkout = useCheckout(userId);
  const section = useRef<HTMLElement>(null);
  const price = localPrice(book.price, lang);

  // Arriving at `#buy` (the player's link): the router does not scroll to an anchor by itself.
  useEffect(() => {
    if (location.hash === `#${buyAnchor}`) section.current?.scrollIntoView?.({ block: 'center' });
  }, [location.hash]);

  const buy = () =>
    void checkout.start({
      kind: 'book',
      bookId: book.id,
      currency: currencyForLang({ lang }),
      redirect: location.pathname + location.search,
    });

  return (
    <section id={buyAnchor} ref={section} className="buy-book card" aria-labelledby="buy-book-heading">
      <h2 id="buy-book-heading" className="buy-book__title">
        {t('shop.buyBook.heading')}
      </h2>
      <p className="buy-book__intro">{t('shop.buyBook.intro')}</p>
      {price === null ? (
        <p className="buy-book__note">{t('shop.buyBook.notInCurrency')}</p>
      ) : (
        <div className="buy-book__row">
          <span className="buy-book__price" data-testid="book-price">
            {price}
          </span>
          {userId === null ? (
            <LocalizedLink
              className="button button--primary"
              data-testid="buy-book"
              to={detourPath({ path: fullPath, to: 'signIn' })}
            >
              {t('shop.buyBook.signIn')}
            </LocalizedLink>
          ) : (
            <button
              type="button"
              className="button button--primary"
              data-testid="buy-book"
              disabled={checkout.busy !== null}
              onClick={buy}
            >
              {checkout.busy ? t('shop.checkout.opening') : t('shop.buyBook.action')}
            </button>
          )}
        </div>
      )}
      {book.access === 'vip' && (
        <p className="buy-book__note">
          <LocalizedLink to={pathTo('subscription')}>{t('shop.buyBook.orMembership')}</LocalizedLink>
        </p>
      )}
      {checkout.error && (
        <p className="form-alert" role="alert" data-testid="checkout-error">
          {checkout.error}
        </p>
      )}
    </section>
  );
}
