// /books/{id}: the book (cover, titles, people, description, rating, counts, price, campaign countdown),
// bookshelf and favorite toggles, play from start or continue, and the paginated chapter list.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EmptyState, ErrorState, Skeleton } from '@/components/async-state/async-state';
import { useApi } from '@/components/async-state/use-api';
import { AccessBadge, Cover } from '@/components/catalog/book-card';
import { Countdown } from '@/components/catalog/countdown';
import { Pagination } from '@/components/catalog/pagination';
import { bookPrice } from '@/components/catalog/price';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { useToast } from '@/components/toast/use-toast';
import { useCurrentUser } from '@/features/auth/use-auth';
import { usePlayerController } from '@/features/player';
import { clampRating, formatDuration, formatNumber } from '@/lib/core';
import { useLang } from '@/lib/lang';
import { pathTo } from '@/lib/paths';
import { catalogApi, itemsOf, libraryApi, type BookDetail } from '@/lib/catalog-api';
import { ChapterRow } from './chapter-row';
import './catalog-pages.css';
import { STATUS_LABEL } from '@/components/catalog/labels';

export const chapterPageSize = 100;

function Toggles({ book }: { book: BookDetail }) {
  const { t } = useTranslation();
  const { fullPath } = useLang();
  const user = useCurrentUser();
  const { toast } = useToast();
  const [shelf, setShelf] = useState(Boolean(book.me?.onBookshelf));
  const [favorite, setFavorite] = useState(Boolean(book.me?.favorite));
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setShelf(Boolean(book.me?.onBookshelf));
    setFavorite(Boolean(book.me?.favorite));
  }, [book]);

  if (!user) {
    return (
      <p className="sign-in-prompt">
        <LocalizedLink to={`${pathTo('login')}?redirect=${encodeURIComponent(fullPath)}`}>
          {t('app.catalog.book.signIn')}
        </LocalizedLink>{' '}
        {t('app.catalog.book.signInToKeep')}
      </p>
    );
  }

  const toggle = async (kind: 'shelf' | 'favorite') => {
    const on = kind === 'shelf' ? !shelf : !favorite;
    setBusy(true);
    try {
      if (kind === 'shelf') {
        await libraryApi.setBookshelf(book.id, on);
        setShelf(on);
      } else {
        await libraryApi.setFavorite(book.id, on);
        setFavorite(on);
      }
    } catch {
      toast({ color: 'error', icon: 'error', title: t('app.common.actionFailed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="book-toggles">
      <button
        type="button"
        className="button"
        aria-pressed={shelf}
        disabled={busy}
        onClick={() => void toggle('shelf')}
      >
        {shelf ? t('app.catalog.book.onShelf') : t('app.catalog.book.addToShelf')}
      </button>
      <button
        type="button"
        className="button"
        aria-pressed={favorite}
        disabled={busy}
        onClick={() => void toggle('favorite')}
      >
        {favorite ? t('app.catalog.book.favorited') : t('app.catalog.book.favorite')}
      </button>
    </div>
  );
}

export function BookDetailPage() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const { id = '' } = useParams();
  const player = usePlayerController();
  const [chapterPage, setChapterPage] = useState(1);
  const book = useApi((signal) => catalogApi.book(id, { signal }), [id]);
  const chapters = useApi(
    (signal) => catalogApi.chapters(id, chapterPage, chapterPageSize, { signal }),
    [id, chapterPage],
  );

  if (book.status === 'loading') return <Skeleton count={1} variant="row" />;
  if (book.status === 'error') return <ErrorState error={book.error} onRetry={book.reload} />;
  const data = book.data;
  const price = data.access === 'paid' ? bookPrice(data, lang) : null;
  const rating = data.rating === null ? null : clampRating({ value: data.rating });
  const firstChapter = chapters.status === 'ready' && chapterPage === 1 ? itemsOf(chapters.data)[0] : undefined;

  const playFromStart = async () => {
    const first = firstChapter ?? itemsOf(await catalogApi.chapters(id, 1, 1))[0];
    if (first) void player.load(first.id, { autoplay: true, startAt: 0 });
  };

  return (
    <div className="catalog-page book-detail">
      <div className="book-detail__head">
        <Cover book={data} size="lg" />
        <div className="book-detail__info">
          <h1>{data.title}</h1>
          {data.subtitle && <p className="book-detail__subtitle">{data.subtitle}</p>}
          {data.titles && (
            <p className="book-detail__titles" lang="und">
              {[data.titles.zh, data.titles.en, data.titles.ja]
                .filter((title) => title && title !== data.title)
                .join(' · ')}
            </p>
          )}
          <dl className="book-facts">
            <dt>{t('app.catalog.book.author')}</dt>
            <dd>{data.author?.name}</dd>
            {data.narrator && (
              <>
                <dt>{t('app.catalog.book.narrator')}</dt>
                <dd>{data.narrator.name}</dd>
              </>
            )}
            {data.category && (
              <>
                <dt>{t('app.catalog.book.category')}</dt>
                <dd>
                  <LocalizedLink to={`${pathTo('books')}?category=${encodeURIComponent(data.category.slug)}`}>
                    {data.category.name}
                  </LocalizedLink>
                </dd>
              </>
            )}
            {data.tags.length > 0 && (
              <>
                <dt>{t('app.catalog.book.tags')}</dt>
                <dd>
                  <ul className="book-tags">
                    {data.tags.map((tag) => (
                      <li key={tag}>
                        <LocalizedLink to={`${pathTo('books')}?tag=${encodeURIComponent(tag)}`}>{tag}</LocalizedLink>
                      </li>
                    ))}
                  </ul>
                </dd>
              </>
            )}
            <dt>{t('app.catalog.book.status')}</dt>
            <dd>{t(STATUS_LABEL[data.status])}</dd>
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
              <AccessBadge book={data} /> {price && <span className="book-detail__price">{price}</span>}
            </dd>
          </dl>
          {data.freeUntil && data.freeUntil > Date.now() && (
            <p className="book-detail__campaign">
              <Countdown until={data.freeUntil} />
            </p>
          )}
          <div className="book-actions">
            <button type="button" className="button button--primary" onClick={() => void playFromStart()}>
              {t('app.catalog.book.playFromStart')}
            </button>
            {data.me?.lastChapterId && (
              <button
                type="button"
                className="button"
                onClick={() => void player.load(data.me!.lastChapterId!, { autoplay: true })}
              >
                {t('app.catalog.continue')}
              </button>
            )}
          </div>
          <Toggles book={data} />
        </div>
      </div>
      <section aria-labelledby="book-description">
        <h2 id="book-description">{t('app.catalog.book.description')}</h2>
        {data.description
          .split('\n')
          .filter((paragraph) => paragraph.trim())
          .map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
      </section>
      <section aria-labelledby="book-chapters">
        <h2 id="book-chapters">{t('app.catalog.book.chapterList')}</h2>
        {chapters.status === 'loading' && <Skeleton count={5} variant="row" />}
        {chapters.status === 'error' && <ErrorState error={chapters.error} onRetry={chapters.reload} />}
        {chapters.status === 'ready' &&
          (itemsOf(chapters.data).length ? (
            <>
              <ol className="chapter-list">
                {itemsOf(chapters.data).map((chapter) => (
                  <ChapterRow key={chapter.id} bookId={data.id} chapter={chapter} />
                ))}
              </ol>
              <Pagination
                page={chapterPage}
                pageSize={chapters.data.pageSize || chapterPageSize}
                total={chapters.data.total}
                onPage={setChapterPage}
              />
            </>
          ) : (
            <EmptyState>{t('app.catalog.book.noChapters')}</EmptyState>
          ))}
      </section>
    </div>
  );
}
