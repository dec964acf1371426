// /admin/books/:id/chapters/create (a new chapter at the end of the book, then back to its list),
// and the chapter's edit page, reached from its book (/admin/books/:id/chapters/:chapterId/edit)
// or from the list across books (/admin/chapters/:id/edit): the form, and deleting the chapter.
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorState, Skeleton } from '@/components/async-state/async-state';
import { ConfirmButton } from '@/components/overlay/confirm-button';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { useToast } from '@/components/toast/use-toast';
import type { AdminChapter } from '@/lib/api/types';
import { useLocalize } from '@/lib/lang';
import { pathTo } from '@/lib/paths';
import { consoleQueries, useDeleteChapter } from '@/lib/queries/console';
import { ChapterForm } from './chapter-form';
import '@/components/console/console.css';
import './console-chapters.css';

function BackToChapters({ bookId }: { bookId?: number }) {
  const { t } = useTranslation('console');
  return (
    <p className="console-back">
      {bookId === undefined ? (
        <LocalizedLink to={pathTo('adminChapters')}>{t('console.allChapters.back')}</LocalizedLink>
      ) : (
        <LocalizedLink to={pathTo('adminBookChapters', { id: bookId })}>{t('console.chapterForm.back')}</LocalizedLink>
      )}
    </p>
  );
}

export function AdminBookChapterCreatePage() {
  const { t } = useTranslation('console');
  const { toast } = useToast();
  const navigate = useNavigate();
  const localize = useLocalize();
  const bookId = Number(useParams().id);
  const list = useQuery(consoleQueries.bookChapters(bookId));
  const created = (chapter: AdminChapter) => {
    toast({
      color: 'success',
      icon: 'success',
      title: t('console.chapterForm.created', { place: chapter.idx, title: chapter.titleZh }),
    });
    navigate(localize(pathTo('adminBookChapters', { id: bookId })));
  };
  return (
    <div className="console-page">
      <BackToChapters bookId={bookId} />
      <h1>
        {list.data
          ? t('console.chapterForm.createTitle', { title: list.data.book.titleZh })
          : t('console.routes.adminChapterCreate')}
      </h1>
      <ChapterForm bookId={bookId} onSaved={created} />
    </div>
  );
}

/** The edit page's delete, after confirming; then back to the book's chapters. */
function DeleteChapter({ chapter }: { chapter: AdminChapter }) {
  const { t } = useTranslation('console');
  const { toast } = useToast();
  const navigate = useNavigate();
  const localize = useLocalize();
  const remove = useDeleteChapter();
  const confirm = async () => {
    try {
      await remove.mutateAsync(chapter.id);
      toast({ color: 'success', icon: 'success', title: t('console.chapters.deleted', { title: chapter.titleZh }) });
      navigate(localize(pathTo('adminBookChapters', { id: chapter.bookId })));
    } catch {
      toast({ color: 'error', icon: 'error', title: t('app.common.actionFailed') });
    }
  };
  return (
    <div className="console-actions">
      <ConfirmButton
        label={t('console.chapterForm.delete')}
        className="button console-danger"
        disabled={remove.isPending}
        title={t('console.chapters.deleteTitle', { title: chapter.titleZh })}
        onConfirm={() => void confirm()}
      />
    </div>
  );
}

function ChapterEditor({ chapterId }: { chapterId: number }) {
  const { t } = useTranslation('console');
  const { toast } = useToast();
  const chapter = useQuery(consoleQueries.chapter(chapterId));
  const saved = () => toast({ color: 'success', icon: 'success', title: t('console.form.saved') });
  return (
    <div className="console-page">
      <BackToChapters bookId={chapter.data?.bookId} />
      <header className="console-head">
        <h1>
          {chapter.data
            ? t('console.chapterForm.editTitle', { place: chapter.data.idx, title: chapter.data.titleZh })
            : t('console.routes.adminChapterEdit')}
        </h1>
        {chapter.isSuccess ? <DeleteChapter chapter={chapter.data} /> : null}
      </header>
      {chapter.isPending && <Skeleton count={4} variant="row" />}
      {chapter.isError && <ErrorState error={chapter.error} onRetry={() => void chapter.refetch()} />}
      {chapter.isSuccess && (
        <ChapterForm key={chapter.data.id} bookId={chapter.data.bookId} chapter={chapter.data} onSaved={saved} />
      )}
    </div>
  );
}

export function AdminBookChapterEditPage() {
  const chapterId = Number(useParams().chapterId);
  return <ChapterEditor key={chapterId} chapterId={chapterId} />;
}

export function AdminChapterEditPage() {
  const chapterId = Number(useParams().id);
  return <ChapterEditor key={chapterId} chapterId={chapterId} />;
}
