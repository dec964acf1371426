// /books/{id}: the book (cover, titles, people, description, rating, counts, price, campaign countdown),
// bookshelf and favorite toggles, play from start or continue, "buy this book" unless the listener
// holds the book (bought it, or a member on a VIP book: the server's `viewerAccess`, core's decision),
// and the paginated chapter list.
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EmptyState, ErrorState, RecordErrorState, Skeleton } from '@/components/async-state/async-state';
import { AccessBadge, Cover, freeNow } from '@/components/catalog/book-card';
import { heldAccess } from '@/components/catalog/held-access';
import { Countdown } from '@/components/catalog/countdown';
import { Pagination } from '@/components/catalog/pagination';
import { bookPrice } from '@/components/catalog/price';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { TextIn } from '@/components/text-in/text-in';
import { BuyBookSection, bookForSale } from '@/components/shop/buy-book-section';
import { useToast } from '@/components/toast/use-toast';
import { useCurrentUser } from '@/features/auth/use-auth';
import { useViewer } from '@/features/auth/use-viewer';
import { usePlayerController } from '@/features/player';
import { BookRatings } from '@/components/reviews/book-ratings';
import { clampRating, detourPath, formatDuration, formatNumber } from '@/lib/core';
import { useLang } from '@/lib/lang';
import { usePageTitle } from '@/lib/page-title';
import { pathTo } from '@/lib/paths';
import type { BookDetail } from '@/lib/api/types';
import { catalogQueries } from '@/lib/queries/catalog';
import { useShelfMutation, type Shelf } from '@/lib/queries/library';
import { ChapterRow } from './chapter-row';
import { DownloadBookButton } from './download-book-button';
import { AdSlot } from '@/components/ads/ad-slot';
import '@/components/catalog/catalog-page.css';
import './catalog-pages.css';
import { STATUS_LABEL } from '@/components/catalog/labels';

function Toggles({ book }: { book: BookDetail }) {
  const { t } = useTranslation();
  const { fullPath } = useLang();
  const user = useCurrentUser();
  const { toast } = useToast();
  const shelves = useShelfMutation(user?.id ?? null);
  const [shelf, setShelf] = useState(Boolean(book.me?.onBookshelf));
  const [favorite, setFavorite] = useState(Boolean(book.me?.favorite));
  const busy = shelves.isPending;
  useEffect(() => {
    setShelf(Boolean(book.me?.onBookshelf));
    setFavorite(Boolean(book.me?.favorite));
  }, [book]);

  if (!user) {
    return (
      <p className="sign-in-prompt">
        <LocalizedLink to={detourPath({ path: fullPath, to: 'signIn' })}>{t('app.catalog.book.signIn')}</LocalizedLink>{' '}
        {t('app.catalog.book.signInToKeep')}
      </p>
    );
  }

  const toggle = async (kind: Shelf) => {
    const on = kind === 'bookshelf' ? !shelf : !favorite;
    try {
      await shelves.mutateAsync({ shelf: kind, bookId: book.id, on });
      if (kind === 'bookshelf') setShelf(on);
      else setFavorite(on);
    } catch {
      toast({ color: 'error', icon: 'error', title: t('app.common.actionFailed') });
    }
  };

  return (
    <div className="book-toggles">
      <button
        type="button"
        className="button"
        aria-pressed={shelf}
        disabled={busy}
        onClick={() => void toggle('bookshelf')}
      >
        {shelf ? t('app.catalog.book.onShelf') : t('app.catalog.book.addToShelf')}
      </button>
      <button
        type="button"
        className="button"
        aria-pressed={favorite}
        disabled={busy}
        onClick={() => void toggle('favorites')}
      >
        {favorite ? t('app.catalog.book.favorited') : t('app.catalog.book.favorite')}
      </button>
    </div>
  );
}

/**
 * The page while its book loads: the head's cover box where the cover will be, the details'
 * skeleton beside it, and the screen's height kept, so nothing in view moves when the book arrives.
 */
function BookDetailSkeleton() {
  return (
    <div className="catalog-page book-detail book-detail--pending">
      <div className="book-detail__head">
        <span className="cover cover--lg" aria-hidden="true" />
        <Skeleton count={4} variant="row" />
      </div>
    </div>
  );
}

export function BookDetailPage() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const viewer = useViewer();
  const queryClient = useQueryClient();
  const id = Number(useParams().id);
  const player = usePlayerController();
  const [chapterPage, setChapterPage] = useState(1);
  const book = useQuery(catalogQueries.book(viewer, id));
  const chapters = useQuery(catalogQueries.bookChapters(viewer, id, chapterPage));

  usePageTitle(book.data?.title ?? null, 'record');

  if (book.isPending) return <BookDetailSkeleton />;
  if (book.isError) return <RecordErrorState error={book.error} onRetry={() => void book.refetch()} />;
  const data = book.data;
  const held = heldAccess(data.viewerAccess.kind);
  const price = data.access === 'paid' && !held ? bookPrice(data, lang) : null;
  const rating = data.ratingCount === 0 ? null : clampRating({ value: data.rating });
  const firstChapter = chapters.isSuccess && chapterPage === 1 ? chapters.data.items[0] : undefined;
  const lastChapterId = data.me?.lastChapterId;
  const offerPurchase = bookForSale(data) && !held;

  const playFromStart = async () => {
    const first = firstChapter ?? (await queryClient.fetchQuery(catalogQueries.chapters(viewer, id, 1, 1))).items[0];
    if (first) void player.load(first.id, { autoplay: true, startAt: 0 });
  };

  return (
    <div className="catalog-page book-detail">
      <div className="book-detail__head">
        <Cover book={data} size="lg" priority />
        <div className="book-detail__info">
          <h1>
            <TextIn lang={data.titleLang}>{data.title}</TextIn>
          </h1>
          {data.subtitle && (
            <p className="book-detail__subtitle">
              <TextIn lang={data.subtitleLang}>{data.subtitle}</TextIn>
            </p>
          )}
          <p className="book-detail__titles" lang="und">
            {[data.titles.zh, data.titles.en, data.titles.ja]
              .filter((title) => title && title !== data.title)
              .join(' · ')}
          </p>
          <dl className="book-facts">
            <dt>{t('app.catalog.book.author')}</dt>
            <dd>
              <LocalizedLink to={pathTo('author', { id: data.author.id })}>
                <TextIn lang={data.author.lang}>{data.author.name}</TextIn>
              </LocalizedLink>
            </dd>
            {data.narrator && (
              <>
                <dt>{t('app.catalog.book.narrator')}</dt>
                <dd>
                  <LocalizedLink to={pathTo('narrator', { id: data.narrator.id })}>
                    <TextIn lang={data.narrator.lang}>{data.narrator.name}</TextIn>
                  </LocalizedLink>
                </dd>
              </>
            )}
            <dt>{t('app.catalog.book.category')}</dt>
            <dd>
              <LocalizedLink to={`${pathTo('books')}?category=${encodeURIComponent(data.category.slug)}`}>
                {data.category.name}
              </LocalizedLink>
            </dd>
            {data.tags.length > 0 && (
              <>
                <dt>{t('app.catalog.book.tags')}</dt>
                <dd>
                  <ul className="book-tags">
                    {data.tags.map((tag) => (
                      <li key={tag.name}>
                        <LocalizedLink to={`${pathTo('books')}?tag=${encodeURIComponent(tag.name)}`}>
                          <TextIn lang={tag.lang}>{tag.label}</TextIn>
                        </LocalizedLink>
                      </li>
                    ))}
                  </ul>
                </dd>
              </>
            )}
            <dt>{t('app.catalog.book.status')}</dt>
            <dd>{STATUS_LABEL[data.status](t)}</dd>
            <dt>{t('app.catalog.book.rating')}</dt>
            <dd>
              {rating === null
                ? t('app.catalog.book.noRating')
                : t('app.catalog.book.ratingValue', { rating: rating.toFixed(1), count: data.ratingCount })}
            </dd>
            <dt>{t('app.catalog.book.chapters')}</dt>
            <dd>
              {formatNumber({ value: data.chapterCount, lang })} · {formatDuration({ seconds: data.totalDurationSecs })}
            </dd>
            <dt>{t('app.catalog.book.plays')}</dt>
            <dd>{formatNumber({ value: data.playCount, lang })}</dd>
            <dt>{t('app.catalog.book.favorites')}</dt>
            <dd>{formatNumber({ value: data.favoriteCount, lang })}</dd>
            <dt>{t('app.catalog.book.access')}</dt>
            <dd>
              <AccessBadge book={data} held={held} /> {price && <span className="book-detail__price">{price}</span>}
            </dd>
          </dl>
          {freeNow(data) && data.freeUntil != null && (
            <p className="book-detail__campaign">
              <Countdown until={data.freeUntil} />
            </p>
          )}
          <div className="book-actions">
            <button type="button" className="button button--primary" onClick={() => void playFromStart()}>
              {t('app.catalog.book.playFromStart')}
            </button>
            {lastChapterId && (
              <button
                type="button"
                className="button"
                onClick={() => void player.load(lastChapterId, { autoplay: true })}
              >
                {t('app.catalog.continue')}
              </button>
            )}
          </div>
          <Toggles book={data} />
          <DownloadBookButton book={data} />
        </div>
      </div>
      {offerPurchase && <BuyBookSection book={data} userId={viewer.userId} />}
      <section
        aria-labelledby="book-description"
        lang={data.descriptionLang === lang ? undefined : data.descriptionLang}
      >
        <h2 id="book-description" lang={lang}>
          {t('app.catalog.book.description')}
        </h2>
        {data.description
          .split('\n')
          .filter((paragraph) => paragraph.trim())
          .map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
      </section>
      <BookRatings book={data} />
      <section aria-labelledby="book-chapters">
        <h2 id="book-chapters">{t('app.catalog.book.chapterList')}</h2>
        {chapters.isPending && <Skeleton count={5} variant="row" />}
        {chapters.isError && <ErrorState error={chapters.error} onRetry={() => void chapters.refetch()} />}
        {chapters.isSuccess &&
          (chapters.data.items.length ? (
            <>
              <ol className="chapter-list">
                {chapters.data.items.map((chapter) => (
                  <ChapterRow key={chapter.id} bookId={data.id} chapter={chapter} />
                ))}
              </ol>
              <Pagination
                page={chapterPage}
                pageSize={chapters.data.pageSize}
                total={chapters.data.total}
                onPage={setChapterPage}
              />
            </>
          ) : (
            <EmptyState>{t('app.catalog.book.noChapters')}</EmptyState>
          ))}
      </section>
      <AdSlot slot="book_detail" />
    </div>
  );
}
