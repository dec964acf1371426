// The small "buy chapter" action of a chapter sold on its own (its `price` is set): opens the
// order and goes to checkout; a guest is sent to sign in first.
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { localPrice } from '@/components/catalog/price';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import type { ChapterSummary } from '@/lib/api/types';
import { currencyForLang, detourPath } from '@/lib/core';
import { useLang } from '@/lib/lang';
import { useCheckout } from './use-checkout';
import './shop.css';

interface BuyChapterProps {
  chapter: ChapterSummary;
  /** The signed-in buyer; null for a guest (who signs in first). */
  userId: number | null;
}

/** Shown once the `shop` texts are in, so fetching them never blanks the chapter list. */
export function BuyChapterButton(props: BuyChapterProps) {
  return (
    <Suspense fallback={null}>
      <BuyChapter {...props} />
    </Suspense>
  );
}

function BuyChapter({ chapter, userId }: BuyChapterProps) {
  const { t } = useTranslation('shop');
  const { lang, fullPath } = useLang();
  const location = useLocation();
  const checkout = useCheckout(userId);
  const price = localPrice(chapter.price, lang);
  if (price === null || chapter.access.kind === 'purchased') return null;
  const label = t('shop.buyChapter.named', { title: chapter.title, price });

  if (userId === null) {
    return (
      <LocalizedLink
        className="button button--small"
        data-testid={`buy-chapter-${chapter.id}`}
        aria-label={label}
        to={detourPath({ path: fullPath, to: 'signIn' })}
      >
        {t('shop.buyChapter.action', { price })}
      </LocalizedLink>
    );
  }
  return (
    <span className="buy-chapter">
      <button
        type="button"
        className="button button--small"
        data-testid={`buy-chapter-${chapter.id}`}
        aria-label={label}
        disabled={checkout.busy !== null}
        onClick={() =>
          void checkout.start({
            kind: 'chapter',
            chapterId: chapter.id,
            currency: currencyForLang({ lang }),
            redirect: location.pathname + location.search,
          })
        }
      >
        {checkout.busy ? t('shop.checkout.opening') : t('shop.buyChapter.action', { price })}
      </button>
      {checkout.error && (
        <span className="buy-chapter__error" role="alert">
          {checkout.error}
        </span>
      )}
    </span>
  );
}
