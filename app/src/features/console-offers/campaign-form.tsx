// A campaign's form (create and edit): name, window, books (searched) and categories (checked);
// core's `validateCampaign` checks it first (the end after the start, a new one ending in the
// future, a book or a category), then the server's field errors show likewise.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSubmit } from '@/components/console/form-submit';
import { useConsoleForm } from '@/components/console/use-console-form';
import { CheckField, TextField } from '@/components/form-field/form-field';
import type { AdminCampaign } from '@/lib/api/types';
import { validateCampaign } from '@/lib/core-pages';
import { useLang } from '@/lib/lang';
import { consoleQueries } from '@/lib/queries/console';
import { BookPicker, type PickedBook } from './book-picker';
import { useSaveCampaign } from './queries';
import { useDateTimeInput } from './time';

type Key = 'name' | 'startsAt' | 'endsAt' | 'bookIds' | 'categoryIds';

const ids = (text: string) => (text ? text.split(',').map(Number) : []);

export function CampaignForm({
  campaign,
  onSaved,
  onCancel,
}: {
  campaign?: AdminCampaign;
  onSaved: (saved: AdminCampaign) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  const { toText, toInstant } = useDateTimeInput();
  const categories = useQuery(consoleQueries.categories());
  const save = useSaveCampaign();
  const [books, setBooks] = useState<PickedBook[]>(campaign?.books ?? []);
  const { form, formRef, onSubmit, failure, field, setField } = useConsoleForm({
    initial: (): Record<Key, string> => ({
      name: campaign?.name ?? '',
      startsAt: toText(campaign?.startsAt ?? Date.now()),
      endsAt: toText(campaign?.endsAt),
      bookIds: (campaign?.books ?? []).map((book) => book.id).join(','),
      categoryIds: (campaign?.categories ?? []).map((category) => category.id).join(','),
    }),
    validate: (typed) =>
      validateCampaign({
        name: typed.name,
        startsAt: toInstant(typed.startsAt),
        endsAt: toInstant(typed.endsAt),
        bookIds: ids(typed.bookIds),
        categoryIds: ids(typed.categoryIds),
        nowMs: Date.now(),
        creating: campaign === undefined,
        lang,
      }),
    save: (checked) => save.mutateAsync({ id: campaign?.id, body: checked.campaign }),
    onSaved,
  });
  const pickBooks = (next: PickedBook[]) => {
    setBooks(next);
    setField('bookIds', next.map((book) => book.id).join(','));
  };
  const chosenCategories = new Set(ids(form.categoryIds));
  const toggleCategory = (id: number, on: boolean) => {
    const next = new Set(chosenCategories);
    if (on) next.add(id);
    else next.delete(id);
    setField('categoryIds', [...next].join(','));
  };
  const nameOf = (c: { nameZh: string; nameEn: string; nameJa: string }) =>
    ({ zh: c.nameZh, en: c.nameEn, ja: c.nameJa })[lang] ?? c.nameZh;
  const bookError = field('bookIds', '').error;
  return (
    <form ref={formRef} className="console-form" onSubmit={onSubmit} noValidate aria-busy={save.isPending}>
      <fieldset className="console-fieldset">
        <legend>
          {campaign ? t('console.offers.campaigns.form.editTitle') : t('console.offers.campaigns.form.newTitle')}
        </legend>
        <TextField {...field('name', t('console.offers.campaigns.form.name'), true)} />
        <div className="console-grid">
          <TextField {...field('startsAt', t('console.offers.campaigns.form.startsAt'), true)} type="datetime-local" />
          <TextField
            {...field('endsAt', t('console.offers.campaigns.form.endsAt'), true)}
            type="datetime-local"
            hint={t('console.offers.campaigns.form.endsAtHint')}
          />
        </div>
      </fieldset>
      <fieldset className="console-fieldset">
        <legend>{t('console.offers.campaigns.form.what')}</legend>
        <p className="offers-note">{t('console.offers.campaigns.overlapRule')}</p>
        <BookPicker picked={books} onChange={pickBooks} error={bookError} />
        <fieldset className="offers-categories">
          <legend>{t('console.offers.campaigns.form.categories')}</legend>
          {(categories.data?.items ?? []).map((category) => (
            <CheckField
              key={category.id}
              label={nameOf(category)}
              checked={chosenCategories.has(category.id)}
              onCheckedChange={(on) => toggleCategory(category.id, on)}
            />
          ))}
          {field('categoryIds', '').error ? <p className="field__error">{field('categoryIds', '').error}</p> : null}
        </fieldset>
      </fieldset>
      <FormSubmit
        failure={failure}
        saving={save.isPending}
        label={campaign ? t('console.form.save') : t('console.offers.campaigns.form.create')}
      />
      <button type="button" className="button" onClick={onCancel}>
        {t('console.offers.cancel')}
      </button>
    </form>
  );
}
