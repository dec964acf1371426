// The listener's main navigation (home, books, categories, search, limited free, recommendations):
// inline in the header on wide screens, inside the header's menu on narrow ones.
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LocalizedNavLink } from '@/components/localized-link/localized-link';
import { pathTo } from '@/lib/paths';

/**
 * A category's list lives at `/books?category=…` but is reached from the categories: there the
 * navigation marks 分类, not 书库. Undefined elsewhere (each link judges its own path).
 */
function useCategoryListShown(): boolean | undefined {
  const { pathname, search } = useLocation();
  if (pathname !== pathTo('books')) return undefined;
  return Boolean(new URLSearchParams(search).get('category'));
}

export function MainNav({ className, onNavigate }: { className: string; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const categoryList = useCategoryListShown();
  const items = [
    { to: pathTo('home'), label: t('app.nav.home'), end: true },
    { to: pathTo('books'), label: t('app.nav.books'), active: categoryList === undefined ? undefined : !categoryList },
    { to: pathTo('categories'), label: t('app.nav.categories'), active: categoryList || undefined },
    { to: pathTo('search'), label: t('app.nav.search') },
    { to: pathTo('limitedFree'), label: t('app.nav.limitedFree') },
    { to: pathTo('recommendations'), label: t('app.nav.recommendations') },
  ];
  return (
    <nav className={className} aria-label={t('app.nav.label')}>
      <ul className={`${className}__list`}>
        {items.map((item) => (
          <li key={item.to}>
            <LocalizedNavLink
              to={item.to}
              end={item.end}
              active={item.active}
              className={`${className}__link`}
              onClick={onNavigate}
            >
              {item.label}
            </LocalizedNavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
