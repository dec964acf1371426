// The chapter list's bulk bar: how many chapters are chosen, and what to do to all of them at once
// (free, VIP, publish, unpublish, a price, delete after confirming). The price opens a small form
// of the three prices, checked by core's price rule before it is sent.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '@/components/overlay/confirm-button';
import { TextField } from '@/components/form-field/form-field';
import { useToast } from '@/components/toast/use-toast';
import type { ChapterBulkAction } from '@/lib/api/types';
import { formatCurrency, formatNumber } from '@/lib/core';
import { validatePrices } from '@/lib/core-pages';
import { typedPrice, typedPrices, withPriceErrors } from '@/components/console/price-fields';
import { fieldMessages, serverFields, useDescribeFailure, type FieldMessages } from '@/lib/form-errors';
import { useLang } from '@/lib/lang';
import { useBulkChapters } from '@/lib/queries/console';
import { PRICES, type PriceKey } from './labels';

type Prices = Record<PriceKey, string>;
const noPrices: Prices = { priceCny: '', priceUsd: '', priceJpy: '' };

/** The three prices to give every chosen chapter; a blank one clears that currency's price. */
function BulkPriceForm({
  count,
  onApply,
  onClose,
}: {
  count: number;
  onApply: (prices: Record<PriceKey, number | null>) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  const describeFailure = useDescribeFailure();
  const [prices, setPrices] = useState<Prices>(noPrices);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    // Typed in yuan, dollars and yen: core reads them into minor units, then its price rule (the
    // one the server applies to a bulk price change) checks them.
    const { prices: typed, errors: unread } = typedPrices(prices, lang);
    const checked = withPriceErrors(validatePrices({ ...typed, lang }), unread);
    if (checked.kind === 'invalid') {
      setErrors(fieldMessages(checked.errors));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await onApply(typed);
    } catch (error) {
      setErrors(serverFields(error));
      setFailure(describeFailure(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="console-fieldset chapter-price-form" onSubmit={submit} noValidate aria-busy={saving}>
      <p className="chapter-price-form__title">
        <strong>
          {t('console.chapters.bulk.priceTitle', { count, formatted: formatNumber({ value: count, lang }) })}
        </strong>
      </p>
      <p className="field__hint">{t('console.chapters.bulk.priceHint')}</p>
      <div className="console-grid">
        {PRICES.map(({ key, lang: currencyLang, label }) => {
          const amount = typedPrice(key, prices[key], lang);
          const preview = amount !== null ? formatCurrency({ amountMinor: amount, lang: currencyLang }) : null;
          return (
            <TextField
              key={key}
              name={key}
              label={label(t)}
              inputMode="decimal"
              liveHint
              value={prices[key]}
              onValueChange={(value) => {
                setPrices((current) => ({ ...current, [key]: value }));
                setErrors(({ [key]: _dropped, ...rest }) => rest);
              }}
              error={errors[key]}
              hint={preview ? t('console.chapterForm.pricePreview', { price: preview }) : undefined}
            />
          );
        })}
      </div>
      {failure ? (
        <p className="console-alert" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="console-actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? t('console.form.saving') : t('console.chapters.bulk.applyPrice')}
        </button>
        <button type="button" className="button" onClick={onClose}>
          {t('app.common.cancel')}
        </button>
      </div>
    </form>
  );
}

export function BulkActions({
  bookId,
  chosen,
  onDone,
}: {
  bookId: number;
  /** The chosen chapters' ids. */
  chosen: number[];
  /** The action went through: the choice is cleared. */
  onDone: () => void;
}) {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  const { toast } = useToast();
  const bulk = useBulkChapters();
  const [pricing, setPricing] = useState(false);
  const count = chosen.length;
  const formatted = formatNumber({ value: count, lang });

  const send = async (action: ChapterBulkAction, prices: Partial<Record<PriceKey, number | null>> = {}) => {
    const { changed } = await bulk.mutateAsync({ bookId, action, chapterIds: chosen, ...prices });
    onDone();
    setPricing(false);
    toast({
      color: 'success',
      icon: 'success',
      title: t('console.chapters.bulk.done', { count: changed, formatted: formatNumber({ value: changed, lang }) }),
    });
  };
  const run = (action: ChapterBulkAction) =>
    void send(action).catch(() => toast({ color: 'error', icon: 'error', title: t('app.common.actionFailed') }));
  const idle = count === 0 || bulk.isPending;
  const action = (name: ChapterBulkAction, label: string) => (
    <button type="button" className="button button--small" disabled={idle} onClick={() => run(name)}>
      {label}
    </button>
  );

  return (
    <>
      <div className="console-bulk" role="group" aria-label={t('console.chapters.bulk.label')}>
        <span aria-live="polite">{t('console.chapters.bulk.selected', { count, formatted })}</span>
        {action('free', t('console.chapters.bulk.free'))}
        {action('vip', t('console.chapters.bulk.vip'))}
        {action('publish', t('console.chapters.bulk.publish'))}
        {action('unpublish', t('console.chapters.bulk.unpublish'))}
        <button
          type="button"
          className="button button--small"
          disabled={idle}
          aria-expanded={pricing}
          onClick={() => setPricing((open) => !open)}
        >
          {t('console.chapters.bulk.price')}
        </button>
        <ConfirmButton
          label={t('console.chapters.bulk.delete')}
          className="button button--small console-danger"
          disabled={idle}
          title={t('console.chapters.bulk.deleteTitle', { count, formatted })}
          onConfirm={() => run('delete')}
        />
      </div>
      {pricing && count > 0 ? (
        <BulkPriceForm count={count} onApply={(prices) => send('price', prices)} onClose={() => setPricing(false)} />
      ) : null}
    </>
  );
}
