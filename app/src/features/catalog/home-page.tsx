// Home: continue listening (signed in), then popular, new, top rated, limited-free and categories from the server.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Skeleton } from '@/components/async-state/async-state';
import { useApi } from '@/components/async-state/use-api';
import { BookGrid, Cover } from '@/components/catalog/book-card';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { useCurrentUser } from '@/features/auth/use-auth';
import { usePlayerController } from '@/features/player';
import { clampProgress, formatRelativeTime } from '@/lib/core';
import { useLang } from '@/lib/lang';
import { pathTo } from '@/lib/paths';
import { catalogApi, itemsOf, libraryApi, type BookSummary } from '@/lib/catalog-api';
import './catalog-pages.css';
import { HomeAbout } from './home-about';

function Section({ id, title, more, children }: { id: string; title: string; more?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="shelf" aria-labelledby={`home-${id}`}>
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

function BookSection({
  id,
  title,
  more,
  load,
}: {
  id: string;
  title: string;
  more?: string;
  load: (signal: AbortSignal) => Promise<BookSummary[]>;
}) {
  const { t } = useTranslation();
  const state = useApi(load, []);
  return (
    <Section id={id} title={title} more={more}>
      {state.status === 'loading' && <Skeleton count={6} />}
      {state.status === 'error' && <ErrorState quiet error={state.error} onRetry={state.reload} />}
      {state.status === 'ready' &&
        (state.data.length ? (
          <BookGrid books={state.data} label={title} />
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
  const state = useApi((signal) => libraryApi.history(1, { signal }).then((page) => itemsOf(page).slice(0, 4)), []);
  if (state.status === 'ready' && state.data.length === 0) return null;
  return (
    <Section id="continue" title={t('app.catalog.home.continue')} more={pathTo('history')}>
      {state.status === 'loading' && <Skeleton count={2} variant="row" />}
      {state.status === 'error' && <ErrorState quiet error={state.error} onRetry={state.reload} />}
      {state.status === 'ready' && (
        <ul className="continue-list">
          {state.data.map((entry) => (
            <li key={entry.book.id} className="continue-item">
              <Cover book={entry.book} size="sm" />
              <div className="continue-item__text">
                <LocalizedLink to={pathTo('bookDetail', { id: entry.book.id })}>{entry.book.title}</LocalizedLink>
                <span>
                  {entry.chapter.title} ·{' '}
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
  const state = useApi((signal) => catalogApi.categories({ signal }), []);
  return (
    <Section id="categories" title={t('app.catalog.home.categories')} more={pathTo('categories')}>
      {state.status === 'loading' && <Skeleton count={4} variant="row" />}
      {state.status === 'error' && <ErrorState quiet error={state.error} onRetry={state.reload} />}
      {state.status === 'ready' &&
        (state.data.length ? (
          <ul className="chips">
            {state.data.map((category) => (
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

const list = (sort: string) => (signal: AbortSignal) =>
  catalogApi.books({ sort, pageSize: 6 }, { signal }).then(itemsOf);

export function CatalogHomePage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <div className="catalog-page home-catalog">
      <section className="home-intro">
        <h1>{t('pages.home.hero.heading')}</h1>
        <p>{t('pages.home.hero.lead')}</p>
        <div className="home-intro__actions">
          <LocalizedLink to={pathTo('books')} className="button button--primary">
            {t('pages.home.hero.ctaBrowse')}
          </LocalizedLink>
          <LocalizedLink to={pathTo('search')} className="button">
            {t('pages.home.hero.ctaSearch')}
          </LocalizedLink>
        </div>
      </section>
      {user && <ContinueListening key={String(user.id)} />}
      <BookSection
        id="popular"
        title={t('app.catalog.home.popular')}
        more={`${pathTo('books')}?sort=popular`}
        load={list('popular')}
      />
      <BookSection
        id="limited-free"
        title={t('app.catalog.home.limitedFree')}
        more={pathTo('limitedFree')}
        load={(signal) => catalogApi.limitedFree({ signal }).then((page) => itemsOf(page).slice(0, 6))}
      />
      <BookSection
        id="newest"
        title={t('app.catalog.home.newest')}
        more={`${pathTo('books')}?sort=newest`}
        load={list('newest')}
      />
      <BookSection
        id="rating"
        title={t('app.catalog.home.rating')}
        more={`${pathTo('books')}?sort=rating`}
        load={list('rating')}
      />
      <Categories />
      <HomeAbout />
    </div>
  );
}
