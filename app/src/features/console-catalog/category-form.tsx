// The category form of the console (create and edit): slug, the three names, parent and sort
// position, checked by core's `validateCategory` first; the server's field errors (400) and a
// slug already in use (409 `already_taken`) are shown next to their fields.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormSubmit } from '@/components/console/form-submit';
import { useConsoleForm } from '@/components/console/use-console-form';
import { SelectField, TextField } from '@/components/form-field/form-field';
import type { AdminCategory } from '@/lib/api/types';
import { validateCategory } from '@/lib/core-pages';
import { useLang } from '@/lib/lang';
import { consoleQueries, useSaveCategory } from '@/lib/queries/console';
import { categoryOptions } from './categories';

type FormKey = 'slug' | 'nameZh' | 'nameEn' | 'nameJa' | 'parentId' | 'sortOrder';
type FormState = Record<FormKey, string>;

function formState(category?: AdminCategory): FormState {
  return {
    slug: category?.slug ?? '',
    nameZh: category?.nameZh ?? '',
    nameEn: category?.nameEn ?? '',
    nameJa: category?.nameJa ?? '',
    parentId: category?.parentId == null ? '' : String(category.parentId),
    sortOrder: category ? String(category.sortOrder) : '',
  };
}

const typedNumber = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

export function CategoryForm({
  category,
  onSaved,
}: {
  category?: AdminCategory;
  onSaved: (saved: AdminCategory) => void;
}) {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  const categories = useQuery(consoleQueries.categories());
  const save = useSaveCategory();
  const { formRef, onSubmit, failure, field } = useConsoleForm({
    initial: () => formState(category),
    validate: (typed) =>
      validateCategory({
        ...typed,
        parentId: typedNumber(typed.parentId),
        sortOrder: typedNumber(typed.sortOrder),
        lang,
      }),
    save: (checked) => save.mutateAsync({ id: category?.id, body: checked.category }),
    onSaved,
  });

  return (
    <form ref={formRef} className="console-form" onSubmit={onSubmit} noValidate aria-busy={save.isPending}>
      <fieldset className="console-fieldset">
        <legend>{t('console.categoryForm.sections.names')}</legend>
        <TextField {...field('slug', t('console.categoryForm.slug'), true)} hint={t('console.categoryForm.slugHint')} />
        <div className="console-grid">
          <TextField {...field('nameZh', t('console.categoryForm.nameZh'), true)} />
          <TextField {...field('nameEn', t('console.categoryForm.nameEn'), true)} />
          <TextField {...field('nameJa', t('console.categoryForm.nameJa'), true)} />
        </div>
      </fieldset>
      <fieldset className="console-fieldset">
        <legend>{t('console.categoryForm.sections.place')}</legend>
        <div className="console-grid">
          <SelectField
            {...field('parentId', t('console.categoryForm.parent'))}
            options={[
              ['', t('console.categoryForm.noParent')],
              ...categoryOptions(categories.data?.items ?? [], lang, category?.id),
            ]}
          />
          <TextField
            {...field('sortOrder', t('console.categoryForm.sortOrder'))}
            inputMode="numeric"
            hint={t('console.categoryForm.sortOrderHint')}
          />
        </div>
      </fieldset>
      <FormSubmit
        failure={failure}
        saving={save.isPending}
        label={category ? t('console.form.save') : t('console.categoryForm.create')}
      />
    </form>
  );
}
