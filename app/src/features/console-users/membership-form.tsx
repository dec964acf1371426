// A user's membership granted (a plan's length, until a date, or for life) or taken away, always with
// a reason: checked by core's `validateMembershipChange` as typed, then by the server, whose answer
// names a bad field in the page's language.
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SelectField, TextAreaField, TextField } from '@/components/form-field/form-field';
import { ConfirmButton } from '@/components/overlay/confirm-button';
import type { AdminUserDetail, ApiData } from '@/lib/api/types';
import { validateMembershipChange } from '@/lib/core-pages';
import { serverFields, type FieldMessages } from '@/lib/form-errors';
import { request } from '@/lib/http';
import { useLang } from '@/lib/lang';
import { labelOf, MEMBERSHIP_LABEL, PLAN_LABEL, TERM_LABEL } from './labels';
import { useUserChange } from './queries';
import { usersApi } from './users-api';
import { useRun } from './use-run';
import { Time } from './format';

type Term = keyof typeof TERM_LABEL;
const TERMS = Object.keys(TERM_LABEL) as Term[];

/** The local date of an `<input type="date">` as the end of that day, in ms; null when blank. */
export function endOfDay(date: string): number | null {
  if (!date) return null;
  const at = new Date(`${date}T23:59:59.999`);
  return Number.isNaN(at.getTime()) ? null : at.getTime();
}

function fieldsOf(validation: ReturnType<typeof validateMembershipChange>): FieldMessages {
  return validation.kind === 'invalid'
    ? Object.fromEntries(validation.errors.map((error) => [error.field, error.message]))
    : {};
}

export function MembershipForm({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  const headingId = useId();
  const run = useRun();
  const plans = useQuery({
    queryKey: ['plans'],
    queryFn: ({ signal }) => request<ApiData<'/api/plans', 'get'>>('GET', '/api/plans', { signal }),
    staleTime: 60_000,
  });
  const [term, setTerm] = useState<Term>('plan');
  const [planId, setPlanId] = useState('');
  const [until, setUntil] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldMessages>({});
  const grant = useUserChange(user.id, (body: Parameters<typeof usersApi.grantMembership>[1]) =>
    usersApi.grantMembership(user.id, body),
  );
  const revoke = useUserChange(user.id, (why: string) => usersApi.revokeMembership(user.id, why));
  const planOptions: [string, string][] = (plans.data?.items ?? []).map((plan) => [
    String(plan.id),
    labelOf(PLAN_LABEL, plan.code, t),
  ]);
  const chosenPlan = planId || planOptions[0]?.[0] || '';

  const body = () => ({
    term,
    planId: term === 'plan' && chosenPlan ? Number(chosenPlan) : null,
    expiresAt: term === 'until' ? endOfDay(until) : null,
    reason,
  });
  /** Checks the form as the server will; false (and the messages shown) when it would refuse. */
  const check = (action: 'grant' | 'revoke') => {
    const validation = validateMembershipChange({ ...body(), action, nowMs: Date.now(), lang });
    setErrors(fieldsOf(validation));
    return validation.kind === 'valid';
  };
  const send = async (action: () => Promise<unknown>, done: string) => {
    const refused = await run(action, done);
    if (refused) {
      setErrors(serverFields(refused.failure));
    } else {
      setReason('');
      setErrors({});
    }
  };
  const name = user.username;

  return (
    <section className="user-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('console.users.membership.title')}</h2>
      <p>
        {MEMBERSHIP_LABEL[user.membership](t)}
        {user.subscriptionExpiresAt != null ? (
          <>
            {' · '}
            {t('console.users.membership.until')} <Time ms={user.subscriptionExpiresAt} />
          </>
        ) : null}
      </p>
      <SelectField
        label={t('console.users.membership.term')}
        value={term}
        options={TERMS.map((value): [string, string] => [value, TERM_LABEL[value](t)])}
        onValueChange={(value) => setTerm(value as Term)}
        error={errors.term}
      />
      {term === 'plan' ? (
        <SelectField
          label={t('console.users.membership.plan')}
          value={chosenPlan}
          options={planOptions}
          onValueChange={setPlanId}
          error={errors.planId}
        />
      ) : null}
      {term === 'until' ? (
        <TextField
          type="date"
          label={t('console.users.membership.untilDate')}
          value={until}
          onValueChange={setUntil}
          error={errors.expiresAt}
        />
      ) : null}
      <TextAreaField
        rows={2}
        label={t('console.users.membership.reason')}
        hint={t('console.users.membership.reasonHint')}
        markRequired
        value={reason}
        onValueChange={(value) => {
          setReason(value);
          setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => field !== 'reason')));
        }}
        error={errors.reason}
      />
      <div className="console-actions">
        <button
          type="button"
          className="button button--primary"
          data-testid="membership-grant"
          disabled={grant.isPending}
          onClick={() => {
            if (check('grant'))
              void send(() => grant.mutateAsync(body()), t('console.users.membership.granted', { name }));
          }}
        >
          {t('console.users.membership.grant')}
        </button>
        <ConfirmButton
          className="button console-danger"
          testId="membership-revoke"
          label={t('console.users.membership.revoke')}
          title={t('console.users.membership.revokeTitle', { name })}
          description={t('console.users.membership.revokeDescription')}
          disabled={revoke.isPending || user.subscriptionType !== 'premium'}
          onConfirm={() => {
            if (check('revoke'))
              return send(() => revoke.mutateAsync(reason), t('console.users.membership.revoked', { name }));
          }}
        />
      </div>
    </section>
  );
}
