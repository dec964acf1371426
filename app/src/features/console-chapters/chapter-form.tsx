// The console's one chapter form (create and edit): titles in three languages, free or not, its
// own prices (typed in yuan, dollars and yen) with core's formatted preview, published, and its audio (the stored file's name,
// length and size, a preview, and an upload that adds or replaces it). Core's `validateChapter`
// checks the form in the page's language before anything is sent; the server's field errors show
// the same way. Saving sends the uploaded file's `assetId`.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PreviewPlayer, useAudioPreview } from '@/components/console/audio-preview';
import { FormSubmit } from '@/components/console/form-submit';
import { priceText, typedPrice, typedPrices, withPriceErrors } from '@/components/console/price-fields';
import { useConsoleForm } from '@/components/console/use-console-form';
import { CheckField, TextField } from '@/components/form-field/form-field';
import { UploadProgress } from '@/components/upload/upload-progress';
import { UploadZone } from '@/components/upload/upload-zone';
import { useUploads } from '@/components/upload/use-uploads';
import type { AdminChapter, AssetView } from '@/lib/api/types';
import { formatCurrency, formatDuration } from '@/lib/core';
import { chapterFromFileName, formatFileSize, validateChapter } from '@/lib/core-pages';
import { useLang } from '@/lib/lang';
import { useSaveChapter } from '@/lib/queries/console';
import { PRICES, typedNumber } from './labels';

type FormKey =
  'titleZh' | 'titleEn' | 'titleJa' | 'isFree' | 'published' | 'priceCny' | 'priceUsd' | 'priceJpy' | 'assetId';
type FormState = Record<FormKey, string>;

/** The chapter as the form holds it (every value as text; the checkboxes as `true`/`false`). */
function formState(chapter?: AdminChapter): FormState {
  const text = (value: string | number | null | undefined) => (value == null ? '' : String(value));
  return {
    titleZh: text(chapter?.titleZh),
    titleEn: text(chapter?.titleEn),
    titleJa: text(chapter?.titleJa),
    isFree: String(chapter?.isFree ?? false),
    // A new chapter is published unless unticked (core's default too).
    published: String(chapter?.published ?? true),
    priceCny: priceText('priceCny', chapter?.priceCny),
    priceUsd: priceText('priceUsd', chapter?.priceUsd),
    priceJpy: priceText('priceJpy', chapter?.priceJpy),
    assetId: text(chapter?.asset?.id),
  };
}

/** The audio file: what is stored or just uploaded, its preview, and the uploader to add or replace it. */
function AudioSection({
  chapter,
  asset,
  error,
  uploads,
}: {
  chapter?: AdminChapter;
  asset: AssetView | null;
  error?: string;
  uploads: ReturnType<typeof useUploads>;
}) {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  const { preview, playChapter, playFile, close } = useAudioPreview();
  const upload = uploads.items.at(-1);
  const fresh = upload?.status === 'done' && upload.view?.asset?.id === asset?.id ? upload : null;
  const choose = (files: File[]) => {
    close();
    for (const item of uploads.items) uploads.cancel(item.key);
    uploads.add(files, 'audio');
  };
  const play = () => {
    if (fresh) playFile(fresh.file);
    else if (chapter) void playChapter(chapter.id, chapter.titleZh);
  };

  return (
    <fieldset className="console-fieldset">
      <legend>{t('console.chapterForm.sections.audio')}</legend>
      {asset ? (
        <>
          <dl className="chapter-asset">
            <div>
              <dt>{t('console.chapterForm.audio.fileName')}</dt>
              <dd>{asset.originalName ?? '—'}</dd>
            </div>
            <div>
              <dt>{t('console.chapterForm.audio.duration')}</dt>
              <dd>{formatDuration({ seconds: asset.durationSecs })}</dd>
            </div>
            <div>
              <dt>{t('console.chapterForm.audio.size')}</dt>
              <dd>{formatFileSize({ bytes: asset.bytes, lang })}</dd>
            </div>
            <div>
              <dt>{t('console.chapterForm.audio.type')}</dt>
              <dd>{asset.mime}</dd>
            </div>
          </dl>
          {fresh || chapter?.asset ? (
            <div className="console-actions">
              <button type="button" className="button button--small" onClick={play}>
                {t('console.chapterForm.audio.play')}
              </button>
            </div>
          ) : null}
          {fresh && chapter?.asset && chapter.asset.id !== asset.id ? (
            <p className="field__hint">{t('console.chapterForm.audio.replaced')}</p>
          ) : null}
        </>
      ) : (
        <p className="field__hint">{t('console.chapterForm.audio.none')}</p>
      )}
      <PreviewPlayer preview={preview} onClose={close} />
      <UploadZone
        kind="audio"
        label={asset ? t('console.chapterForm.audio.replace') : t('console.chapterForm.audio.upload')}
        hint={t('console.chapterForm.audio.hint')}
        onFiles={choose}
      />
      {upload ? (
        <div className="upload-row">
          <p className="upload-row__name">
            <strong>{upload.file.name}</strong>
          </p>
          <UploadProgress
            item={upload}
            onCancel={() => uploads.cancel(upload.key)}
            onRetry={() => uploads.retry(upload.key)}
          />
        </div>
      ) : null}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function ChapterForm({
  bookId,
  chapter,
  onSaved,
}: {
  bookId: number;
  chapter?: AdminChapter;
  onSaved: (saved: AdminChapter) => void;
}) {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  const save = useSaveChapter();
  const [asset, setAsset] = useState<AssetView | null>(chapter?.asset ?? null);
  const { form, formRef, onSubmit, failure, field, setField } = useConsoleForm({
    initial: () => formState(chapter),
    validate: (typed) => {
      const { prices, errors } = typedPrices(typed, lang);
      const checked = validateChapter({
        titleZh: typed.titleZh,
        titleEn: typed.titleEn,
        titleJa: typed.titleJa,
        assetId: typedNumber(typed.assetId),
        isFree: typed.isFree === 'true',
        ...prices,
        published: typed.published === 'true',
        lang,
      });
      return withPriceErrors(checked, errors);
    },
    save: (checked) =>
      save.mutateAsync(chapter ? { id: chapter.id, body: checked.chapter } : { bookId, body: checked.chapter }),
    onSaved,
  });
  const uploads = useUploads({
    concurrency: 1,
    onDone: ({ view, file }) => {
      if (!view?.asset) return;
      setAsset(view.asset);
      setField('assetId', String(view.asset.id));
      // A chapter not yet named takes the file's title tag, else its name (core's reading).
      if (form.titleZh.trim() === '') {
        const titleTag = view.asset.tags.title ?? null;
        setField('titleZh', chapterFromFileName({ fileName: file.name, titleTag }).title);
      }
    },
  });
  const uploading = uploads.items.some((item) => item.status === 'queued' || item.status === 'sending');
  const check = (key: 'isFree' | 'published', label: string, hint: string) => (
    <CheckField
      name={key}
      label={label}
      hint={hint}
      checked={form[key] === 'true'}
      onCheckedChange={(on) => setField(key, String(on))}
      error={field(key, label).error}
    />
  );

  return (
    <form ref={formRef} className="console-form" onSubmit={onSubmit} noValidate aria-busy={save.isPending}>
      <fieldset className="console-fieldset">
        <legend>{t('console.chapterForm.sections.titles')}</legend>
        <div className="console-grid">
          <TextField {...field('titleZh', t('console.chapterForm.titleZh'), true)} />
          <TextField {...field('titleEn', t('console.chapterForm.titleEn'))} />
          <TextField {...field('titleJa', t('console.chapterForm.titleJa'))} />
        </div>
      </fieldset>
      <AudioSection chapter={chapter} asset={asset} error={field('assetId', '').error} uploads={uploads} />
      <fieldset className="console-fieldset">
        <legend>{t('console.chapterForm.sections.access')}</legend>
        {check('isFree', t('console.chapterForm.isFree'), t('console.chapterForm.isFreeHint'))}
        <p className="field__hint">{t('console.chapterForm.pricesHint')}</p>
        <div className="console-grid">
          {PRICES.map(({ key, lang: currencyLang, label }) => {
            const amount = typedPrice(key, form[key], lang);
            const preview = amount !== null ? formatCurrency({ amountMinor: amount, lang: currencyLang }) : null;
            return (
              <TextField
                key={key}
                {...field(key, label(t))}
                inputMode="decimal"
                hint={preview ? t('console.chapterForm.pricePreview', { price: preview }) : undefined}
              />
            );
          })}
        </div>
        {check('published', t('console.chapterForm.published'), t('console.chapterForm.publishedHint'))}
      </fieldset>
      {uploading ? <p className="field__hint">{t('console.chapterForm.audio.waiting')}</p> : null}
      <FormSubmit
        failure={failure}
        saving={save.isPending}
        disabled={uploading}
        label={chapter ? t('console.form.save') : t('console.chapterForm.create')}
      />
    </form>
  );
}
