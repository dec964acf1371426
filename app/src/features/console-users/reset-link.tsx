// The password-reset path: the administrator makes a one-time link (valid 24 hours) and passes it to
// the user, who sets the new password themselves. The link is shown once, with a copy button; the
// administrator never sees or sets a password.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '@/components/overlay/confirm-button';
import { useToast } from '@/components/toast/use-toast';
import type { AdminUserDetail, PasswordResetLink } from '@/lib/api/types';
import { useLocalize } from '@/lib/lang';
import { Time } from './format';
import { useUserAction } from './queries';
import { usersApi } from './users-api';
import { useRun } from './use-run';

export function ResetLink({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation('console');
  const headingId = useId();
  const run = useRun();
  const { toast } = useToast();
  const localize = useLocalize();
  const [link, setLink] = useState<PasswordResetLink | null>(null);
  const create = useUserAction(user.id, () => usersApi.resetLink(user.id));
  const address = link ? `${window.location.origin}${localize(link.path)}` : '';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      toast({ color: 'success', icon: 'success', title: t('console.users.reset.copied') });
    } catch {
      toast({ color: 'error', icon: 'error', title: t('console.users.reset.copyFailed') });
    }
  };

  return (
    <section className="user-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('console.users.reset.title')}</h2>
      <p className="console-sub">{t('console.users.reset.lead')}</p>
      {link ? (
        <div className="reset-link" data-testid="reset-link">
          <label className="field__label" htmlFor={`${headingId}-link`}>
            {t('console.users.reset.link')}
          </label>
          <input
            id={`${headingId}-link`}
            className="field__input"
            readOnly
            value={address}
            onFocus={(e) => e.target.select()}
          />
          <p className="console-sub">
            {t('console.users.reset.once')} {t('console.users.reset.expires')} <Time ms={link.expiresAt} />
          </p>
          <button type="button" className="button" onClick={() => void copy()}>
            {t('console.users.reset.copy')}
          </button>
        </div>
      ) : null}
      <div className="console-actions">
        <ConfirmButton
          testId="reset-create"
          label={t('console.users.reset.create')}
          title={t('console.users.reset.createTitle', { name: user.username })}
          description={t('console.users.reset.createDescription')}
          disabled={create.isPending}
          onConfirm={() =>
            run(async () => setLink(await create.mutateAsync(undefined)), t('console.users.reset.created'))
          }
        />
      </div>
    </section>
  );
}
