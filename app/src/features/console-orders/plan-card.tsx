// One membership plan's form: its name and length, its three prices, whether it is on sale, and its
// own Save. Core's price rule checks the prices in the page's language before anything is sent; the
// server's field errors show under the same inputs; a saved plan is announced by a toast.
// Prices are typed in yuan, dollars and yen (core's `minorUnits` makes them the minor units the
// server stores) with core's formatted preview under each, as in the book and chapter forms.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSubmit } from '@/components/console/form-submit';
import { priceText, typedPrice, typedPrices, withPriceErrors, type PriceKey } from '@/components/console/price-fields';
import { useConsoleForm } from '@/components/console/use-console-form';
import { CheckField, TextField } from '@/components/form-field/form-field';
import { useToast } from '@/components/toast/use-toast';
import type { Currency, PlanView } from '@/lib/api/types';
import { formatCurrency } from '@/lib/core';
import { validatePrices } from '@/lib/core-pages';
import type { Label } from '@/lib/i18n';
import { useLang } from '@/lib/lang';
import { useOrderFormat } from './format';
import { planName } from './labels';
import { useSavePlan } from './queries';

type FormKey = PriceKey | 'active';

/** Each price field with its currency. */
const PRICES: { key: PriceKey; currency: Currency; label: Label }[] = [
  { key: 'priceCny', currency: 'CNY', label: (t) => t('console.orders.plans.priceCny') },
  { key: 'priceUsd', currency: 'USD', label: (t) => t('console.orders.plans.priceUsd') },
  { key: 'priceJpy', currency: 'JPY', label: (t) => t('console.orders.plans.priceJpy') },
];

function formState(plan: PlanView): Record<FormKey, string> {
  return {
    priceCny: priceText('priceCny', plan.prices.cny),
    priceUsd: priceText('priceUsd', plan.prices.usd),
    priceJpy: priceText('priceJpy', plan.prices.jpy),
    active: String(plan.active),
  };
}

export function PlanCard({ plan }: { plan: PlanView }) {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  const { num } = useOrderFormat();
  const { toast } = useToast();
  const headingId = useId();
  const save = useSavePlan();
  const name = planName(plan.code, t);
  const { form, formRef, onSubmit, failure, field, setField } = useConsoleForm({
    initial: () => formState(plan),
    validate: (typed) => {
      const { prices, errors } = typedPrices(typed, lang);
      const checked = withPriceErrors(validatePrices({ ...prices, lang }), errors);
      return checked.kind === 'valid' ? { ...checked, active: typed.active === 'true' } : checked;
    },
    save: ({ prices, active }) => save.mutateAsync({ id: plan.id, body: { ...prices, active } }),
    onSaved: (saved) =>
      toast({
        color: 'success',
        icon: 'success',
        title: t('console.orders.plans.saved', { name: planName(saved.code, t) }),
      }),
  });

  /** Under a price: how it shows, or that 0 and blank mean not sold in that currency. */
  const preview = (key: PriceKey, currency: Currency) => {
    if (form[key].trim() === '') return t('console.orders.plans.notSold');
    const amount = typedPrice(key, form[key], lang);
    if (amount === null) return undefined;
    if (amount === 0) return t('console.orders.plans.notSold');
    return t('console.orders.plans.preview', { price: formatCurrency({ amountMinor: amount, lang, currency }) });
  };

  return (
    <section className="plan-card card" aria-labelledby={headingId} data-testid={`plan-${plan.code}`}>
      <form ref={formRef} className="plan-card__form" onSubmit={onSubmit} noValidate aria-busy={save.isPending}>
        <div className="plan-card__head">
          <h2 id={headingId}>{name}</h2>
          <span className={plan.active ? 'console-badge console-badge--on' : 'console-badge console-badge--off'}>
            {plan.active ? t('console.orders.plans.onSale') : t('console.orders.plans.offSale')}
          </span>
        </div>
        <p className="plan-card__facts">
          {plan.months == null
            ? t('console.orders.plans.lifetime')
            : t('console.orders.plans.months', { count: plan.months, formatted: num(plan.months) })}
          <span aria-hidden="true"> · </span>
          <code>{plan.code}</code>
        </p>
        <div className="plan-card__prices">
          {PRICES.map(({ key, currency, label }) => (
            <TextField key={key} {...field(key, label(t))} inputMode="decimal" hint={preview(key, currency)} />
          ))}
        </div>
        <CheckField
          name="active"
          role="switch"
          label={t('console.orders.plans.active')}
          hint={t('console.orders.plans.activeHint')}
          checked={form.active === 'true'}
          onCheckedChange={(checked) => setField('active', String(checked))}
        />
        <FormSubmit
          failure={failure}
          saving={save.isPending}
          label={t('console.form.save')}
          name={t('console.orders.plans.saveNamed', { name })}
          testId={`save-plan-${plan.code}`}
        />
      </form>
    </section>
  );
}
