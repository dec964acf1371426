// /admin/ads-settings (manage:system): the ads, by place, with whether each shows now, and their
// form (place, enabled, image or words, link, window). Core's `validateAd` checks the form first:
// the link must pass the app's external-link rule. Members never see ads, whatever an ad says.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Skeleton } from '@/components/async-state/async-state';
import { ConsoleTable, type Column } from '@/components/console/console-table';
import { FormSubmit } from '@/components/console/form-submit';
import { useConsoleForm } from '@/components/console/use-console-form';
import { CheckField, SelectField, TextField } from '@/components/form-field/form-field';
import type { AdminAd } from '@/lib/api/types';
import { validateAd } from '@/lib/core-pages';
import { useDescribeFailure } from '@/lib/form-errors';
import { useLang } from '@/lib/lang';
import { SLOT_LABEL } from './labels';
import { offerQueries, useDeleteAd, useSaveAd } from './queries';
import { useDateTimeInput, useWhen } from './time';
import '@/components/console/console.css';
import './console-offers.css';

type Key = 'slot' | 'enabled' | 'imageUrl' | 'text' | 'link' | 'startsAt' | 'endsAt' | 'hiddenForMembers';

function AdForm({ ad, onDone }: { ad?: AdminAd; onDone: () => void }) {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  const { toText, toInstant } = useDateTimeInput();
  const save = useSaveAd();
  const { form, formRef, onSubmit, failure, field, setField } = useConsoleForm({
    initial: (): Record<Key, string> => ({
      slot: ad?.slot ?? 'book_detail',
      enabled: String(ad?.enabled ?? true),
      imageUrl: ad?.imageUrl ?? '',
      text: ad?.text ?? '',
      link: ad?.link ?? '',
      startsAt: toText(ad?.startsAt ?? Date.now()),
      endsAt: toText(ad?.endsAt),
      hiddenForMembers: String(ad?.hiddenForMembers ?? true),
    }),
    validate: (typed) =>
      validateAd({
        ...typed,
        enabled: typed.enabled === 'true',
        hiddenForMembers: typed.hiddenForMembers === 'true',
        startsAt: toInstant(typed.startsAt),
        endsAt: toInstant(typed.endsAt),
        lang,
      }),
    save: (checked) => save.mutateAsync({ id: ad?.id, body: checked.ad }),
    onSaved: onDone,
  });
  return (
    <form ref={formRef} className="console-form" onSubmit={onSubmit} noValidate aria-busy={save.isPending}>
      <fieldset className="console-fieldset">
        <legend>{ad ? t('console.offers.ads.editTitle') : t('console.offers.ads.newTitle')}</legend>
        <SelectField
          {...field('slot', t('console.offers.ads.slot'), true)}
          options={Object.entries(SLOT_LABEL).map(([value, label]): [string, string] => [value, label(t)])}
        />
        <CheckField
          label={t('console.offers.ads.enabled')}
          checked={form.enabled === 'true'}
          onCheckedChange={(on) => setField('enabled', String(on))}
        />
        <TextField {...field('text', t('console.offers.ads.text'))} hint={t('console.offers.ads.textHint')} />
        <TextField {...field('imageUrl', t('console.offers.ads.imageUrl'))} inputMode="url" />
        <TextField
          {...field('link', t('console.offers.ads.link'), true)}
          inputMode="url"
          hint={t('console.offers.ads.linkHint')}
        />
        <div className="console-grid">
          <TextField {...field('startsAt', t('console.offers.ads.startsAt'), true)} type="datetime-local" />
          <TextField {...field('endsAt', t('console.offers.ads.endsAt'), true)} type="datetime-local" />
        </div>
        <CheckField
          label={t('console.offers.ads.hiddenForMembers')}
          hint={t('console.offers.ads.membersNever')}
          checked={form.hiddenForMembers === 'true'}
          onCheckedChange={(on) => setField('hiddenForMembers', String(on))}
        />
      </fieldset>
      <FormSubmit
        failure={failure}
        saving={save.isPending}
        label={ad ? t('console.form.save') : t('console.offers.ads.create')}
      />
      <button type="button" className="button" onClick={onDone}>
        {t('console.offers.cancel')}
      </button>
    </form>
  );
}

export function AdminAdsSettingsPage() {
  const { t } = useTranslation('console');
  const when = useWhen();
  const describe = useDescribeFailure();
  const ads = useQuery(offerQueries.ads());
  const remove = useDeleteAd();
  const [editing, setEditing] = useState<AdminAd | 'new' | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const columns: Column[] = [
    { key: 'slot', heading: t('console.offers.ads.columns.slot') },
    { key: 'content', heading: t('console.offers.ads.columns.content') },
    { key: 'window', heading: t('console.offers.ads.columns.window') },
    { key: 'showing', heading: t('console.offers.ads.columns.showing') },
    { key: 'actions', heading: t('console.offers.ads.columns.actions') },
  ];
  return (
    <div className="console-page">
      <header className="console-head">
        <h1>{t('console.offers.ads.title')}</h1>
        <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
          {t('console.offers.ads.new')}
        </button>
      </header>
      <p className="offers-note">{t('console.offers.ads.membersNever')}</p>
      {editing !== null ? (
        <AdForm
          key={editing === 'new' ? 'new' : editing.id}
          ad={editing === 'new' ? undefined : editing}
          onDone={() => setEditing(null)}
        />
      ) : null}
      {remove.error ? (
        <p className="form-alert console-alert" role="alert">
          {describe(remove.error)}
        </p>
      ) : null}
      {ads.isPending && <Skeleton count={3} variant="row" />}
      {ads.isError && <ErrorState error={ads.error} onRetry={() => void ads.refetch()} />}
      {ads.isSuccess && ads.data.items.length === 0 && <EmptyState>{t('console.offers.ads.empty')}</EmptyState>}
      {ads.isSuccess && ads.data.items.length > 0 && (
        <ConsoleTable label={t('console.offers.ads.table')} columns={columns}>
          {ads.data.items.map((ad) => (
            <tr key={ad.id} data-testid={`ad-row-${ad.id}`}>
              <th scope="row">{SLOT_LABEL[ad.slot](t)}</th>
              <td>
                {ad.text ?? ad.imageUrl}
                <span className="console-sub">{ad.link}</span>
              </td>
              <td>
                {when(ad.startsAt)} – {when(ad.endsAt)}
              </td>
              <td>
                <span className={`console-badge ${ad.showing ? 'console-badge--on' : 'console-badge--off'}`}>
                  {ad.showing ? t('console.offers.ads.showing') : t('console.offers.ads.notShowing')}
                </span>
              </td>
              <td className="offers-actions">
                <button type="button" className="button button--small" onClick={() => setEditing(ad)}>
                  {t('console.offers.edit')}
                </button>
                {confirming === ad.id ? (
                  <button
                    type="button"
                    className="button button--small button--danger"
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(ad.id, { onSettled: () => setConfirming(null) })}
                  >
                    {t('console.offers.confirmDelete')}
                  </button>
                ) : (
                  <button type="button" className="button button--small" onClick={() => setConfirming(ad.id)}>
                    {t('console.offers.delete')}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </ConsoleTable>
      )}
    </div>
  );
}
