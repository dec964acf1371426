// Home: continue listening (signed in), then popular, new, top rated, limited-free and categories from the server.
import type { ReactNode } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Skeleton } from '@/components/async-state/async-state';
import { useShownAfterDelay } from '@/components/async-state/use-shown-after-delay';
import { BookGrid, Cover, firstRow } from '@/components/catalog/book-card';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { TextIn } from '@/components/text-in/text-in';
import { useCurrentUser } from '@/features/auth/use-auth';
import { useViewer } from '@/features/auth/use-viewer';
import { usePlayerController } from '@/features/player';
import { clampProgress, formatRelativeTime } from '@/lib/core';
import { useLang } from '@/lib/lang';
import { pathTo } from '@/lib/paths';
import type { BookSummary, HistoryItem, Page } from '@/lib/api/types';
import { catalogQueries, homeShelfSize } from '@/lib/queries/catalog';
import { libraryQueries } from '@/lib/queries/library';
import { useNearViewport } from '@/lib/use-near-viewport';
import '@/components/catalog/catalog-page.css';
import './catalog-pages.css';
import { HomeAbout } from './home-about';

function Section({
  id,
  title,
  more,
  sectionRef,
  children,
}: {
  id: string;
  title: string;
  more?: string;
  /** For a section below the first screen, whose data waits until it is near (`useNearViewport`). */
  sectionRef?: (node: HTMLElement | null) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section ref={sectionRef} className="shelf" aria-labelledby={`home-${id}`}>
      <div className="shelf__head">
        <h2 id={`home-${id}`}>{title}</h2>
        {more && (
          <LocalizedLink to={more} className="shelf__more">
            {t('app.catalog.more')}
          </LocalizedLink>
        )}
      </div>
      {children}
    </section>
  );
}

/** The first books of a list answer: a home shelf. */
const shelfOf = (page: Page<BookSummary>) => page.items.slice(0, homeShelfSize);
/** The four most recent history entries. */
const latestOf = (page: Page<HistoryItem>) => page.items.slice(0, 4);

/**
 * A shelf while its books load: the grid of a loaded shelf, each card built like a loaded one
 * (cover, title line, two lines of details), so the shelf is as tall before its books arrive as
 * after and nothing below it moves. Like the other skeletons, shown only after 200 ms.
 */
function ShelfSkeleton() {
  const { t } = useTranslation();
  const shown = useShownAfterDelay();
  const cards = (
    <ul className="book-grid" aria-hidden="true">
      {Array.from({ length: homeShelfSize }, (_, index) => (
        <li key={index} className="book-card">
          <div className="book-card__link">
            <span className="cover shelf-skeleton__block" />
            <span className="book-card__title">
              <span className="shelf-skeleton__block shelf-skeleton__text">&nbsp;</span>
            </span>
          </div>
          <p className="book-card__meta">
            <span className="shelf-skeleton__block shelf-skeleton__text">&nbsp;</span>
          </p>
          <p className="book-card__meta">
            <span className="badge shelf-skeleton__block shelf-skeleton__text">&nbsp;</span>
          </p>
        </li>
      ))}
    </ul>
  );
  if (!shown) {
    return (
      <div className="shelf-skeleton shelf-skeleton--waiting" aria-hidden="true">
        {cards}
      </div>
    );
  }
  return (
    <div className="shelf-skeleton" role="status" aria-busy="true" aria-label={t('app.common.loading')}>
      {cards}
    </div>
  );
}

/** The answer a home shelf is the first books of: a catalogue order, or the limited-free list. */
type ShelfQuery<K extends QueryKey> = UseQueryOptions<Page<BookSummary>, Error, Page<BookSummary>, K>;

function BookSection<K extends QueryKey>({
  id,
  title,
  more,
  query,
  priorityCount,
  belowFirstScreen = false,
  showRating = false,
}: {
  id: string;
  title: string;
  more?: string;
  query: ShelfQuery<K>;
  /** The shelf is ordered by rating: its cards show their ratings. */
  showRating?: boolean;
  /** How many covers of this shelf are in the first screen. */
  priorityCount?: number;
  /** Asked for only once the listener scrolls near it (`useNearViewport`). */
  belowFirstScreen?: boolean;
}) {
  const { t } = useTranslation();
  const [sectionRef, near] = useNearViewport<HTMLElement>();
  const books = useQuery({ ...query, select: shelfOf, enabled: !belowFirstScreen || near });
  return (
    <Section id={id} title={title} more={more} sectionRef={belowFirstScreen ? sectionRef : undefined}>
      {books.isPending && <ShelfSkeleton />}
      {books.isError && <ErrorState quiet error={books.error} onRetry={() => void books.refetch()} />}
      {books.isSuccess &&
        (books.data.length ? (
          <BookGrid books={books.data} label={title} priorityCount={priorityCount} showRating={showRating} />
        ) : (
          <EmptyState>{t('app.catalog.emptySection')}</EmptyState>
        ))}
    </Section>
  );
}

function ContinueListening() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const player = usePlayerController();
  const history = useQuery({ ...libraryQueries.history(useViewer(), 1), select: latestOf });
  if (history.isSuccess && history.data.length === 0) return null;
  return (
    <Section id="continue" title={t('app.catalog.home.continue')} more={pathTo('history')}>
      {history.isPending && <Skeleton count={2} variant="row" />}
      {history.isError && <ErrorState quiet error={history.error} onRetry={() => void history.refetch()} />}
      {history.isSuccess && (
        <ul className="continue-list">
          {history.data.map((entry) => (
            <li key={entry.book.id} className="continue-item">
              <Cover book={entry.book} size="sm" />
              <div className="continue-item__text">
                <LocalizedLink to={pathTo('bookDetail', { id: entry.book.id })}>
                  <TextIn lang={entry.book.titleLang}>{entry.book.title}</TextIn>
                </LocalizedLink>
                <span>
                  <TextIn lang={entry.chapter.titleLang}>{entry.chapter.title}</TextIn> ·{' '}
                  {formatRelativeTime({ timestampMs: entry.updatedAt, nowMs: Date.now(), lang })}
                </span>
                <progress
                  max={100}
                  value={clampProgress({
                    value: entry.durationSecs ? (entry.positionSecs / entry.durationSecs) * 100 : 0,
                  })}
                />
              </div>
              <button
                type="button"
                className="button button--primary"
                onClick={() => void player.load(entry.chapter.id, { autoplay: true })}
              >
                {t('app.catalog.continue')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function Categories() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const [sectionRef, near] = useNearViewport<HTMLElement>();
  const categories = useQuery({ ...catalogQueries.categories(lang), enabled: near });
  return (
    <Section
      id="categories"
      title={t('app.catalog.home.categories')}
      more={pathTo('categories')}
      sectionRef={sectionRef}
    >
      {categories.isPending && <Skeleton count={4} variant="row" />}
      {categories.isError && <ErrorState quiet error={categories.error} onRetry={() => void categories.refetch()} />}
      {categories.isSuccess &&
        (categories.data.length ? (
          <ul className="chips">
            {categories.data.map((category) => (
              <li key={category.id}>
                <LocalizedLink className="chip" to={`${pathTo('books')}?category=${encodeURIComponent(category.slug)}`}>
                  {category.name} <span className="chip__count">{category.bookCount}</span>
                </LocalizedLink>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState>{t('app.catalog.emptySection')}</EmptyState>
        ))}
    </Section>
  );
}

export function CatalogHomePage() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const user = useCurrentUser();
  return (
    <div className="catalog-page home-catalog">
      <section className="home-intro">
        <h1>{t('app.home.hero.heading')}</h1>
        <p>{t('app.home.hero.lead')}</p>
        <div className="home-intro__actions">
          <LocalizedLink to={pathTo('books')} className="button button--primary">
            {t('app.home.hero.ctaBrowse')}
          </LocalizedLink>
          <LocalizedLink to={pathTo('search')} className="button">
            {t('app.home.hero.ctaSearch')}
          </LocalizedLink>
        </div>
      </section>
      {user && <ContinueListening key={String(user.id)} />}
      <BookSection
        id="popular"
        title={t('app.catalog.home.popular')}
        more={`${pathTo('books')}?sort=popular`}
        query={catalogQueries.homeShelf(lang, 'popular')}
        priorityCount={firstRow}
      />
      <BookSection
        id="limited-free"
        title={t('app.catalog.home.limitedFree')}
        more={pathTo('limitedFree')}
        query={catalogQueries.limitedFree(lang)}
        belowFirstScreen
      />
      <BookSection
        id="newest"
        title={t('app.catalog.home.newest')}
        more={`${pathTo('books')}?sort=newest`}
        query={catalogQueries.homeShelf(lang, 'newest')}
        belowFirstScreen
      />
      <BookSection
        id="rating"
        title={t('app.catalog.home.rating')}
        more={`${pathTo('books')}?sort=rating`}
        query={catalogQueries.homeShelf(lang, 'rating')}
        belowFirstScreen
        showRating
      />
      <Categories />
      <HomeAbout />
    </div>
  );
}
