// /admin/categories: the categories as a tree (children under their parent, by sortOrder) with
// their names, slug and book count; deleting one that holds books asks, after the server's 409
// `category_not_empty`, which category receives them and tries again with `?moveTo=`.
import { useId, useState } from 'react';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Skeleton } from '@/components/async-state/async-state';
import { ConfirmButton } from '@/components/overlay/confirm-button';
import { ConsoleTable, type Column } from '@/components/console/console-table';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { useToast } from '@/components/toast/use-toast';
import type { AdminCategory } from '@/lib/api/types';
import { formatNumber } from '@/lib/core';
import { ApiError } from '@/lib/http';
import { useLang } from '@/lib/lang';
import { pathTo } from '@/lib/paths';
import { consoleQueries, useDeleteCategory } from '@/lib/queries/console';
import { categoryName, categoryOptions, categoryTree } from './categories';
import '@/components/confirm-dialog/confirm-dialog.css';
import '@/components/console/console.css';
import './console-catalog.css';

/** The second step of deleting a category that holds books: where its books go. */
function MoveBooksDialog({
  category,
  categories,
  reason,
  onClose,
}: {
  category: AdminCategory;
  categories: AdminCategory[];
  /** The server's words on why it could not delete (its `fields.moveTo`). */
  reason: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  const { toast } = useToast();
  const id = useId();
  const remove = useDeleteCategory();
  const options = categoryOptions(categories, lang).filter(([value]) => value !== String(category.id));
  const [target, setTarget] = useState(options[0]?.[0] ?? '');
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    setFailure(null);
    try {
      await remove.mutateAsync({ id: category.id, moveTo: Number(target) });
      toast({
        color: 'success',
        icon: 'success',
        title: t('console.categories.deleted', { name: categoryName(category, lang) }),
      });
      onClose();
    } catch (error) {
      setFailure(error instanceof ApiError ? error.fields.moveTo || error.message : t('app.common.actionFailed'));
    }
  };

  return (
    <AlertDialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="confirm-dialog__overlay" />
        <AlertDialog.Content className="confirm-dialog">
          <AlertDialog.Title className="confirm-dialog__title">
            {t('console.categories.moveTitle', { name: categoryName(category, lang) })}
          </AlertDialog.Title>
          <AlertDialog.Description className="confirm-dialog__description">{reason}</AlertDialog.Description>
          {options.length ? (
            <div className="field console-move">
              <label className="field__label" htmlFor={id}>
                {t('console.categories.moveTo')}
              </label>
              <select
                id={id}
                className="field__input"
                value={target}
                onChange={(event) => setTarget(event.target.value)}
              >
                {options.map(([value, text]) => (
                  <option key={value} value={value}>
                    {text}
                  </option>
                ))}
              </select>
            </div>
          ) : (
            <p className="form-alert">{t('console.categories.noTarget')}</p>
          )}
          {failure ? (
            <p className="form-alert" role="alert">
              {failure}
            </p>
          ) : null}
          <div className="confirm-dialog__actions">
            <AlertDialog.Cancel className="button">{t('app.common.cancel')}</AlertDialog.Cancel>
            <button
              type="button"
              className="button button--danger"
              disabled={!target || remove.isPending}
              onClick={() => void confirm()}
            >
              {t('console.categories.moveAndDelete')}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

export function AdminCategoriesPage() {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  const { toast } = useToast();
  const categories = useQuery(consoleQueries.categories());
  const remove = useDeleteCategory();
  const [moving, setMoving] = useState<{ category: AdminCategory; reason: string } | null>(null);
  const items = categories.data?.items ?? [];
  const parentOf = (category: AdminCategory) => {
    const parent = items.find((c) => c.id === category.parentId);
    return parent ? categoryName(parent, lang) : null;
  };

  const columns: Column[] = [
    { key: 'nameZh', heading: t('console.categories.columns.nameZh') },
    { key: 'nameEn', heading: t('console.categories.columns.nameEn') },
    { key: 'nameJa', heading: t('console.categories.columns.nameJa') },
    { key: 'slug', heading: t('console.categories.columns.slug') },
    { key: 'books', heading: t('console.categories.columns.books'), numeric: true },
    { key: 'actions', heading: t('console.categories.columns.actions') },
  ];

  const deleteCategory = async (category: AdminCategory) => {
    try {
      await remove.mutateAsync({ id: category.id });
      toast({
        color: 'success',
        icon: 'success',
        title: t('console.categories.deleted', { name: categoryName(category, lang) }),
      });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'category_not_empty') {
        setMoving({ category, reason: error.fields.moveTo || error.message });
      } else {
        toast({
          color: 'error',
          icon: 'error',
          title: error instanceof ApiError && error.statusCode !== 0 ? error.message : t('app.common.actionFailed'),
        });
      }
    }
  };

  return (
    <div className="console-page">
      <header className="console-head">
        <h1>{t('console.categories.title')}</h1>
        <LocalizedLink className="button button--primary" to={pathTo('adminCategoryCreate')}>
          {t('console.categories.create')}
        </LocalizedLink>
      </header>
      {categories.isPending && <Skeleton count={5} variant="row" />}
      {categories.isError && <ErrorState error={categories.error} onRetry={() => void categories.refetch()} />}
      {categories.isSuccess && items.length === 0 && (
        <EmptyState
          action={
            <LocalizedLink className="button button--primary" to={pathTo('adminCategoryCreate')}>
              {t('console.categories.create')}
            </LocalizedLink>
          }
        >
          {t('console.categories.empty')}
        </EmptyState>
      )}
      {categories.isSuccess && items.length > 0 && (
        <ConsoleTable label={t('console.categories.table')} columns={columns}>
          {categoryTree(items).map(({ category, depth }) => (
            <tr key={category.id}>
              <th scope="row">
                <span className="console-tree" style={{ paddingInlineStart: `${depth * 1.5}rem` }}>
                  {depth > 0 ? (
                    <span className="console-tree__branch" aria-hidden="true">
                      └{' '}
                    </span>
                  ) : null}
                  {category.nameZh}
                  {parentOf(category) ? (
                    <span className="visually-hidden">
                      {' '}
                      {t('console.categories.childOf', { name: parentOf(category) })}
                    </span>
                  ) : null}
                </span>
              </th>
              <td>{category.nameEn}</td>
              <td>{category.nameJa}</td>
              <td>
                <code>{category.slug}</code>
              </td>
              <td className="console-num">
                <LocalizedLink
                  to={pathTo('adminCategoryBooks', { id: category.id })}
                  aria-label={t('console.categories.booksLink', {
                    name: categoryName(category, lang),
                    count: category.bookCount,
                    formatted: formatNumber({ value: category.bookCount, lang }),
                  })}
                >
                  {formatNumber({ value: category.bookCount, lang })}
                </LocalizedLink>
              </td>
              <td>
                <div className="console-row-actions">
                  <LocalizedLink
                    className="button button--small"
                    to={pathTo('adminCategoryEdit', { id: category.id })}
                    aria-label={t('console.categories.editNamed', { name: categoryName(category, lang) })}
                  >
                    {t('console.categories.edit')}
                  </LocalizedLink>
                  <ConfirmButton
                    label={t('console.categories.delete')}
                    className="button button--small console-danger"
                    disabled={remove.isPending}
                    ariaLabel={t('console.categories.deleteNamed', { name: categoryName(category, lang) })}
                    title={t('console.categories.deleteTitle', { name: categoryName(category, lang) })}
                    onConfirm={() => void deleteCategory(category)}
                  />
                </div>
              </td>
            </tr>
          ))}
        </ConsoleTable>
      )}
      {moving ? (
        <MoveBooksDialog
          category={moving.category}
          categories={items}
          reason={moving.reason}
          onClose={() => setMoving(null)}
        />
      ) : null}
    </div>
  );
}
