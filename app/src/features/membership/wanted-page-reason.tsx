// Why the upgrade page shows: the page the visitor wanted, by the name of its chapter and book (asked
// in the page's language) when it is one of the catalogue's, else by its address.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useViewer } from '@/features/auth/use-viewer';
import { catalogQueries } from '@/lib/queries/catalog';
import { wantedPage } from './wanted-page';

export function WantedPageReason({ redirect }: { redirect: string | null }) {
  const { t } = useTranslation('shop');
  const viewer = useViewer();
  const wanted = wantedPage(redirect);
  const chapter = useQuery({
    ...catalogQueries.chapter(viewer, wanted?.kind === 'chapter' ? wanted.chapterId : 0),
    enabled: wanted?.kind === 'chapter',
  });
  const book = useQuery({
    ...catalogQueries.book(viewer, wanted?.kind === 'book' ? wanted.bookId : 0),
    enabled: wanted?.kind === 'book',
  });
  const text = !redirect
    ? t('shop.premium.reason')
    : wanted?.kind === 'chapter'
      ? chapter.data
        ? t('shop.premium.reasonForChapter', { chapter: chapter.data.title, book: chapter.data.book.title })
        : t('shop.premium.reason')
      : wanted?.kind === 'book'
        ? book.data
          ? t('shop.premium.reasonForBook', { book: book.data.title })
          : t('shop.premium.reason')
        : t('shop.premium.reasonFor', { path: redirect });
  return (
    <p className="shop-notice" role="status" data-testid="premium-reason">
      {text}
    </p>
  );
}
