// /admin/categories/create and /admin/categories/:id/edit: the category form; both return to the
// category list once saved.
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorState, Skeleton } from '@/components/async-state/async-state';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { useToast } from '@/components/toast/use-toast';
import type { AdminCategory } from '@/lib/api/types';
import { AppError } from '@/lib/app-error';
import { useLang, useLocalize } from '@/lib/lang';
import { pathTo } from '@/lib/paths';
import { consoleQueries } from '@/lib/queries/console';
import { categoryName } from './categories';
import { CategoryForm } from './category-form';
import '@/components/console/console.css';
import './console-catalog.css';

function BackToCategories() {
  const { t } = useTranslation('console');
  return (
    <p className="console-back">
      <LocalizedLink to={pathTo('adminCategories')}>{t('console.categories.back')}</LocalizedLink>
    </p>
  );
}

function useSavedThenBack() {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  const { toast } = useToast();
  const navigate = useNavigate();
  const localize = useLocalize();
  return (category: AdminCategory) => {
    toast({
      color: 'success',
      icon: 'success',
      title: t('console.categoryForm.saved', { name: categoryName(category, lang) }),
    });
    navigate(localize(pathTo('adminCategories')));
  };
}

export function AdminCategoryCreatePage() {
  const { t } = useTranslation('console');
  const saved = useSavedThenBack();
  return (
    <div className="console-page">
      <BackToCategories />
      <h1>{t('console.categoryForm.createTitle')}</h1>
      <CategoryForm onSaved={saved} />
    </div>
  );
}

export function AdminCategoryEditPage() {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  const saved = useSavedThenBack();
  const id = Number(useParams().id);
  // There is no one-category endpoint: the list (cached by the list page) has every field.
  const categories = useQuery(consoleQueries.categories());
  const category = categories.data?.items.find((c) => c.id === id);
  if (categories.isSuccess && !category) throw new AppError(404, t('console.categories.notFound'));
  return (
    <div className="console-page">
      <BackToCategories />
      <h1>
        {category
          ? t('console.categoryForm.editTitle', { name: categoryName(category, lang) })
          : t('console.routes.adminCategoryEdit')}
      </h1>
      {categories.isPending && <Skeleton count={3} variant="row" />}
      {categories.isError && <ErrorState error={categories.error} onRetry={() => void categories.refetch()} />}
      {category && <CategoryForm key={category.id} category={category} onSaved={saved} />}
    </div>
  );
}
