// The one book form of the console (create and edit): every field of the book (the author's,
// narrator's and tags' names in en and ja too), checked by core's
// `validateBook` in the page's language before anything is sent; the server's field errors are
// shown the same way. Prices are typed in yuan, dollars and yen (core's `minorUnits` makes them
// minor units), each with core's formatted preview.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ACCESS_LABEL, STATUS_LABEL } from '@/components/catalog/labels';
import { FormSubmit } from '@/components/console/form-submit';
import { priceText, typedPrice, typedPrices, withPriceErrors } from '@/components/console/price-fields';
import { useConsoleForm } from '@/components/console/use-console-form';
import { SelectField, TextAreaField, TextField, type Option } from '@/components/form-field/form-field';
import { languageOptions } from '@/config/languages';
import type { AdminBook } from '@/lib/api/types';
import { formatCurrency, type Lang } from '@/lib/core';
import type { Label } from '@/lib/i18n';
import { validateBook } from '@/lib/core-pages';
import { useLang } from '@/lib/lang';
import { consoleQueries, useSaveBook } from '@/lib/queries/console';
import { categoryOptions } from './categories';

type FormKey =
  | 'titleZh'
  | 'titleEn'
  | 'titleJa'
  | 'subtitleZh'
  | 'subtitleEn'
  | 'subtitleJa'
  | 'descriptionZh'
  | 'descriptionEn'
  | 'descriptionJa'
  | 'author'
  | 'authorEn'
  | 'authorJa'
  | 'narrator'
  | 'narratorEn'
  | 'narratorJa'
  | 'categoryId'
  | 'tags'
  | 'tagsEn'
  | 'tagsJa'
  | 'status'
  | 'access'
  | 'language'
  | 'priceCny'
  | 'priceUsd'
  | 'priceJpy';
type FormState = Record<FormKey, string>;

/** The book as the form shows it (every control holds text). */
function formState(book?: AdminBook): FormState {
  const text = (value: string | number | null | undefined) => (value == null ? '' : String(value));
  return {
    titleZh: text(book?.titleZh),
    titleEn: text(book?.titleEn),
    titleJa: text(book?.titleJa),
    subtitleZh: text(book?.subtitleZh),
    subtitleEn: text(book?.subtitleEn),
    subtitleJa: text(book?.subtitleJa),
    descriptionZh: text(book?.descriptionZh),
    descriptionEn: text(book?.descriptionEn),
    descriptionJa: text(book?.descriptionJa),
    author: text(book?.author),
    authorEn: text(book?.authorEn),
    authorJa: text(book?.authorJa),
    narrator: text(book?.narrator),
    narratorEn: text(book?.narratorEn),
    narratorJa: text(book?.narratorJa),
    categoryId: text(book?.categoryId),
    tags: book ? book.tags.join(', ') : '',
    tagsEn: book ? tagNames(book.tagsEn) : '',
    tagsJa: book ? tagNames(book.tagsJa) : '',
    status: book?.status ?? 'serialising',
    access: book?.access ?? 'free',
    language: book?.language ?? 'zh',
    priceCny: priceText('priceCny', book?.priceCny),
    priceUsd: priceText('priceUsd', book?.priceUsd),
    priceJpy: priceText('priceJpy', book?.priceJpy),
  };
}

/** A typed number as the rule reads it: blank is absent; anything else is handed over as a number. */
function typedNumber(text: string): number | null {
  return text.trim() === '' ? null : Number(text.trim());
}

/** Tags as typed: separated by commas (, ， 、); core trims them and drops blanks and repeats. */
function typedTags(text: string): string[] {
  return text.split(/[,，、]/);
}

/** The stored names of the tags in one language, one per tag in the tags' order (blank for none). */
function tagNames(names: (string | null)[]): string {
  return names.map((name) => name ?? '').join(', ');
}

/** Each price field with the language whose currency it is (zh → CNY, en → USD, ja → JPY). */
const prices: { key: 'priceCny' | 'priceUsd' | 'priceJpy'; lang: Lang }[] = [
  { key: 'priceCny', lang: 'zh' },
  { key: 'priceUsd', lang: 'en' },
  { key: 'priceJpy', lang: 'ja' },
];

export function BookForm({ book, onSaved }: { book?: AdminBook; onSaved: (saved: AdminBook) => void }) {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  const categories = useQuery(consoleQueries.categories());
  const save = useSaveBook();
  const { form, formRef, onSubmit, failure, field } = useConsoleForm({
    initial: () => formState(book),
    validate: (typed) => {
      const { prices, errors } = typedPrices(typed, lang);
      const checked = validateBook({
        ...typed,
        categoryId: typedNumber(typed.categoryId),
        tags: typedTags(typed.tags),
        tagsEn: typedTags(typed.tagsEn),
        tagsJa: typedTags(typed.tagsJa),
        ...prices,
        lang,
      });
      return withPriceErrors(checked, errors);
    },
    save: (checked) => save.mutateAsync({ id: book?.id, body: checked.book }),
    onSaved,
  });

  const choose: Option = ['', t('console.form.choose')];
  const labelled = (map: Record<string, Label>): Option[] =>
    Object.entries(map).map(([value, label]): Option => [value, label(t)]);

  return (
    <form ref={formRef} className="console-form" onSubmit={onSubmit} noValidate aria-busy={save.isPending}>
      <fieldset className="console-fieldset">
        <legend>{t('console.bookForm.sections.titles')}</legend>
        <div className="console-grid">
          <TextField {...field('titleZh', t('console.bookForm.titleZh'), true)} />
          <TextField {...field('titleEn', t('console.bookForm.titleEn'))} />
          <TextField {...field('titleJa', t('console.bookForm.titleJa'))} />
          <TextField {...field('subtitleZh', t('console.bookForm.subtitleZh'))} />
          <TextField {...field('subtitleEn', t('console.bookForm.subtitleEn'))} />
          <TextField {...field('subtitleJa', t('console.bookForm.subtitleJa'))} />
        </div>
      </fieldset>
      <fieldset className="console-fieldset">
        <legend>{t('console.bookForm.sections.description')}</legend>
        <TextAreaField {...field('descriptionZh', t('console.bookForm.descriptionZh'), true)} />
        <TextAreaField {...field('descriptionEn', t('console.bookForm.descriptionEn'))} />
        <TextAreaField {...field('descriptionJa', t('console.bookForm.descriptionJa'))} />
      </fieldset>
      <fieldset className="console-fieldset">
        <legend>{t('console.bookForm.sections.details')}</legend>
        <div className="console-grid">
          <TextField {...field('author', t('console.bookForm.author'), true)} />
          <TextField {...field('authorEn', t('console.bookForm.authorEn'))} />
          <TextField {...field('authorJa', t('console.bookForm.authorJa'))} />
          <TextField {...field('narrator', t('console.bookForm.narrator'))} />
          <TextField {...field('narratorEn', t('console.bookForm.narratorEn'))} />
          <TextField {...field('narratorJa', t('console.bookForm.narratorJa'))} />
          <SelectField
            {...field('categoryId', t('console.bookForm.category'), true)}
            options={[choose, ...categoryOptions(categories.data?.items ?? [], lang)]}
          />
          <SelectField
            {...field('language', t('console.bookForm.language'))}
            options={languageOptions.map(({ code, nativeName }): Option => [code, nativeName])}
          />
          <SelectField
            {...field('status', t('console.bookForm.status'), true)}
            options={[choose, ...labelled(STATUS_LABEL)]}
          />
        </div>
        <p className="field__hint">{t('console.bookForm.namesHint')}</p>
        <TextField {...field('tags', t('console.bookForm.tags'))} hint={t('console.bookForm.tagsHint')} />
        <TextField {...field('tagsEn', t('console.bookForm.tagsEn'))} hint={t('console.bookForm.tagNamesHint')} />
        <TextField {...field('tagsJa', t('console.bookForm.tagsJa'))} hint={t('console.bookForm.tagNamesHint')} />
      </fieldset>
      <fieldset className="console-fieldset">
        <legend>{t('console.bookForm.sections.access')}</legend>
        <SelectField
          {...field('access', t('console.bookForm.access'), true)}
          options={[choose, ...labelled(ACCESS_LABEL)]}
        />
        <p className="field__hint">{t('console.bookForm.pricesHint')}</p>
        <div className="console-grid">
          {prices.map(({ key, lang: currencyLang }) => {
            const amount = typedPrice(key, form[key], lang);
            const preview = amount !== null ? formatCurrency({ amountMinor: amount, lang: currencyLang }) : null;
            return (
              <TextField
                key={key}
                {...field(key, PRICE_LABEL[key](t), form.access === 'paid')}
                inputMode="decimal"
                hint={preview ? t('console.bookForm.pricePreview', { price: preview }) : undefined}
              />
            );
          })}
        </div>
      </fieldset>
      <FormSubmit
        failure={failure}
        saving={save.isPending}
        label={book ? t('console.form.save') : t('console.bookForm.create')}
      />
    </form>
  );
}

const PRICE_LABEL = {
  priceCny: (t) => t('console.bookForm.priceCny'),
  priceUsd: (t) => t('console.bookForm.priceUsd'),
  priceJpy: (t) => t('console.bookForm.priceJpy'),
} satisfies Record<string, Label>;
