// /admin/settings (manage:system): the site's name, default language, whether registration is
// open, upload limits, the access log's retention and the support contact; checked by core's
// `validateSiteSettings` before sending, the server's field errors shown likewise. A saved change
// applies on every server within ten seconds, without a restart.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, Skeleton } from '@/components/async-state/async-state';
import { FormSubmit } from '@/components/console/form-submit';
import { useConsoleForm } from '@/components/console/use-console-form';
import { CheckField, SelectField, TextField } from '@/components/form-field/form-field';
import type { SiteSettings } from '@/lib/api/types';
import { validateSiteSettings } from '@/lib/core-pages';
import { useLang } from '@/lib/lang';
import { offerQueries, useSaveSettings } from './queries';
import '@/components/console/console.css';
import './console-offers.css';

type Key =
  | 'siteName'
  | 'defaultLanguage'
  | 'registrationOpen'
  | 'maxAudioMb'
  | 'maxImageMb'
  | 'accessLogRetentionDays'
  | 'supportContact';

function formState(settings: SiteSettings): Record<Key, string> {
  return {
    siteName: settings.siteName,
    defaultLanguage: settings.defaultLanguage,
    registrationOpen: String(settings.registrationOpen),
    maxAudioMb: String(settings.maxAudioMb),
    maxImageMb: String(settings.maxImageMb),
    accessLogRetentionDays: String(settings.accessLogRetentionDays),
    supportContact: settings.supportContact ?? '',
  };
}

const typedNumber = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

function SettingsForm({ settings }: { settings: SiteSettings }) {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  const save = useSaveSettings();
  const [saved, setSaved] = useState(false);
  const { form, formRef, onSubmit, failure, field, setField } = useConsoleForm({
    initial: () => formState(settings),
    validate: (typed) =>
      validateSiteSettings({
        ...typed,
        registrationOpen: typed.registrationOpen === 'true',
        maxAudioMb: typedNumber(typed.maxAudioMb),
        maxImageMb: typedNumber(typed.maxImageMb),
        accessLogRetentionDays: typedNumber(typed.accessLogRetentionDays),
        lang,
      }),
    save: (checked) => {
      setSaved(false);
      return save.mutateAsync(checked.settings);
    },
    onSaved: () => setSaved(true),
  });
  return (
    <form ref={formRef} className="console-form" onSubmit={onSubmit} noValidate aria-busy={save.isPending}>
      <fieldset className="console-fieldset">
        <legend>{t('console.offers.settings.sections.site')}</legend>
        <TextField {...field('siteName', t('console.offers.settings.siteName'), true)} />
        <SelectField
          {...field('defaultLanguage', t('console.offers.settings.defaultLanguage'), true)}
          options={[
            ['zh', '中文'],
            ['en', 'English'],
            ['ja', '日本語'],
          ]}
          hint={t('console.offers.settings.defaultLanguageHint')}
        />
        <CheckField
          label={t('console.offers.settings.registrationOpen')}
          hint={t('console.offers.settings.registrationOpenHint')}
          checked={form.registrationOpen === 'true'}
          onCheckedChange={(on) => setField('registrationOpen', String(on))}
        />
        <TextField
          {...field('supportContact', t('console.offers.settings.supportContact'))}
          hint={t('console.offers.settings.supportContactHint')}
        />
      </fieldset>
      <fieldset className="console-fieldset">
        <legend>{t('console.offers.settings.sections.limits')}</legend>
        <div className="console-grid">
          <TextField {...field('maxAudioMb', t('console.offers.settings.maxAudioMb'), true)} inputMode="numeric" />
          <TextField {...field('maxImageMb', t('console.offers.settings.maxImageMb'), true)} inputMode="numeric" />
          <TextField
            {...field('accessLogRetentionDays', t('console.offers.settings.retention'), true)}
            inputMode="numeric"
            hint={t('console.offers.settings.retentionHint')}
          />
        </div>
      </fieldset>
      {saved ? (
        <p className="offers-note" role="status">
          {t('console.offers.settings.saved')}
        </p>
      ) : null}
      <FormSubmit failure={failure} saving={save.isPending} label={t('console.form.save')} />
    </form>
  );
}

export function AdminSettingsPage() {
  const { t } = useTranslation('console');
  const settings = useQuery(offerQueries.settings());
  return (
    <div className="console-page">
      <header className="console-head">
        <h1>{t('console.offers.settings.title')}</h1>
      </header>
      <p className="offers-note">{t('console.offers.settings.intro')}</p>
      {settings.isPending && <Skeleton count={4} variant="row" />}
      {settings.isError && <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />}
      {settings.isSuccess && <SettingsForm settings={settings.data} />}
    </div>
  );
}
