// /admin/books/create and /admin/books/:id/edit: the book form; the edit page also publishes or
// unpublishes the book, deletes it (then returns to the list) and sets or removes its cover (the
// create page says the cover comes once the book is saved: the edit page opens right after).
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorState, Skeleton } from '@/components/async-state/async-state';
import { ConfirmButton } from '@/components/overlay/confirm-button';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { useToast } from '@/components/toast/use-toast';
import type { AdminBook } from '@/lib/api/types';
import { useLocalize } from '@/lib/lang';
import { pathTo } from '@/lib/paths';
import { consoleQueries, useBulkBooks, useDeleteBook } from '@/lib/queries/console';
import { BookCover } from './book-cover';
import { BookForm } from './book-form';
import { PUBLISHED_LABEL } from './labels';
import '@/components/console/console.css';
import './console-catalog.css';

function BackToList() {
  const { t } = useTranslation('console');
  return (
    <p className="console-back">
      <LocalizedLink to={pathTo('adminBooks')}>{t('console.books.back')}</LocalizedLink>
    </p>
  );
}

export function AdminBookCreatePage() {
  const { t } = useTranslation('console');
  const { toast } = useToast();
  const navigate = useNavigate();
  const localize = useLocalize();
  const created = (book: AdminBook) => {
    toast({ color: 'success', icon: 'success', title: t('console.bookForm.created', { title: book.titleZh }) });
    navigate(localize(pathTo('adminBookEdit', { id: book.id })));
  };
  return (
    <div className="console-page">
      <BackToList />
      <h1>{t('console.bookForm.createTitle')}</h1>
      <p className="field__hint">{t('console.bookCover.afterCreate')}</p>
      <BookForm onSaved={created} />
    </div>
  );
}

/** Published state with publish / unpublish (the bulk endpoint with one id), and delete. */
function BookState({ book }: { book: AdminBook }) {
  const { t } = useTranslation('console');
  const { toast } = useToast();
  const navigate = useNavigate();
  const localize = useLocalize();
  const bulk = useBulkBooks();
  const remove = useDeleteBook();
  const failed = () => toast({ color: 'error', icon: 'error', title: t('app.common.actionFailed') });

  const setPublished = async (on: boolean) => {
    try {
      await bulk.mutateAsync({ action: on ? 'publish' : 'unpublish', ids: [book.id] });
      toast({
        color: 'success',
        icon: 'success',
        title: on
          ? t('console.bookForm.publishedToast', { title: book.titleZh })
          : t('console.bookForm.unpublishedToast', { title: book.titleZh }),
      });
    } catch {
      failed();
    }
  };
  const deleteBook = async () => {
    try {
      await remove.mutateAsync(book.id);
      toast({ color: 'success', icon: 'success', title: t('console.bookForm.deleted', { title: book.titleZh }) });
      navigate(localize(pathTo('adminBooks')));
    } catch {
      failed();
    }
  };
  const busy = bulk.isPending || remove.isPending;

  return (
    <section className="console-state card" aria-label={t('console.bookForm.stateLabel')}>
      <p className="console-state__status">
        <span className={`console-badge console-badge--${book.published ? 'on' : 'off'}`}>
          {PUBLISHED_LABEL[book.published ? 'true' : 'false'](t)}
        </span>{' '}
        {book.published ? t('console.bookForm.publishedNote') : t('console.bookForm.unpublishedNote')}
      </p>
      <div className="console-actions">
        {book.published ? (
          <ConfirmButton
            label={t('console.bookForm.unpublish')}
            className="button"
            disabled={busy}
            title={t('console.bookForm.unpublishTitle', { title: book.titleZh })}
            description={t('console.books.bulk.unpublishDescription')}
            onConfirm={() => void setPublished(false)}
          />
        ) : (
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => void setPublished(true)}
          >
            {t('console.bookForm.publish')}
          </button>
        )}
        <ConfirmButton
          label={t('console.bookForm.delete')}
          className="button console-danger"
          disabled={busy}
          title={t('console.bookForm.deleteTitle', { title: book.titleZh })}
          onConfirm={() => void deleteBook()}
        />
      </div>
    </section>
  );
}

export function AdminBookEditPage() {
  const { t } = useTranslation('console');
  const { toast } = useToast();
  const id = Number(useParams().id);
  const book = useQuery(consoleQueries.book(id));
  const saved = () => toast({ color: 'success', icon: 'success', title: t('console.form.saved') });
  return (
    <div className="console-page">
      <BackToList />
      <header className="console-head">
        <h1>
          {book.data
            ? t('console.bookForm.editTitle', { title: book.data.titleZh })
            : t('console.routes.adminBookEdit')}
        </h1>
        <LocalizedLink className="button" to={pathTo('adminBookChapters', { id })}>
          {t('console.bookForm.chapters')}
        </LocalizedLink>
      </header>
      {book.isPending && <Skeleton count={4} variant="row" />}
      {book.isError && <ErrorState error={book.error} onRetry={() => void book.refetch()} />}
      {book.isSuccess && (
        <>
          <BookState book={book.data} />
          <BookCover book={book.data} />
          <BookForm key={book.data.id} book={book.data} onSaved={saved} />
        </>
      )}
    </div>
  );
}
