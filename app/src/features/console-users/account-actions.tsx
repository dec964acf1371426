// A user's access: enable or disable (disabling signs them out everywhere), promote or demote, and
// the roles they hold; each asks before it acts, and the server's refusal (your own way in, the last
// administrator) is shown in its words.
import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CheckField } from '@/components/form-field/form-field';
import { ConfirmButton } from '@/components/overlay/confirm-button';
import type { AdminUserDetail } from '@/lib/api/types';
import { userQueries, useUserChange } from './queries';
import { usersApi } from './users-api';
import { useRun } from './use-run';

export function AccountActions({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation('console');
  const headingId = useId();
  const run = useRun();
  const status = useUserChange(user.id, (next: string) => usersApi.setStatus(user.id, next));
  const type = useUserChange(user.id, (next: string) => usersApi.setType(user.id, next));
  const disabled = user.status === 'disabled';
  const admin = user.userType === 'admin';
  const name = user.username;

  return (
    <section className="user-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('console.users.access.title')}</h2>
      <div className="console-actions">
        <ConfirmButton
          className={disabled ? 'button' : 'button console-danger'}
          testId="user-status"
          label={disabled ? t('console.users.access.enable') : t('console.users.access.disable')}
          title={
            disabled
              ? t('console.users.access.enableTitle', { name })
              : t('console.users.access.disableTitle', { name })
          }
          description={disabled ? undefined : t('console.users.access.disableDescription')}
          disabled={status.isPending}
          onConfirm={() =>
            run(
              () => status.mutateAsync(disabled ? 'active' : 'disabled'),
              disabled ? t('console.users.access.enabled', { name }) : t('console.users.access.disabled', { name }),
            )
          }
        />
        <ConfirmButton
          testId="user-type"
          label={admin ? t('console.users.access.demote') : t('console.users.access.promote')}
          title={
            admin ? t('console.users.access.demoteTitle', { name }) : t('console.users.access.promoteTitle', { name })
          }
          disabled={type.isPending}
          onConfirm={() =>
            run(
              () => type.mutateAsync(admin ? 'user' : 'admin'),
              admin ? t('console.users.access.demoted', { name }) : t('console.users.access.promoted', { name }),
            )
          }
        />
      </div>
      <RoleEditor user={user} />
    </section>
  );
}

function RoleEditor({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation('console');
  const run = useRun();
  const roles = useQuery(userQueries.roles());
  const held = user.roles.map((role) => role.id);
  const [chosen, setChosen] = useState<number[]>(held);
  const heldKey = held.join(',');
  useEffect(() => setChosen(heldKey ? heldKey.split(',').map(Number) : []), [heldKey]);
  const save = useUserChange(user.id, (roleIds: number[]) => usersApi.setRoles(user.id, roleIds));
  const changed = [...chosen].sort((a, b) => a - b).join(',') !== [...held].sort((a, b) => a - b).join(',');

  return (
    <fieldset className="user-roles">
      <legend>{t('console.users.access.roles')}</legend>
      {roles.isError ? <p className="field__error">{t('console.users.access.rolesFailed')}</p> : null}
      {(roles.data?.items ?? []).map((role) => (
        <CheckField
          key={role.id}
          label={role.name}
          checked={chosen.includes(role.id)}
          onCheckedChange={(on) => setChosen((list) => (on ? [...list, role.id] : list.filter((id) => id !== role.id)))}
        />
      ))}
      <ConfirmButton
        testId="user-roles-save"
        label={t('console.users.access.saveRoles')}
        title={t('console.users.access.saveRolesTitle', { name: user.username })}
        disabled={!changed || save.isPending}
        onConfirm={() => run(() => save.mutateAsync(chosen), t('console.users.access.rolesSaved'))}
      />
    </fieldset>
  );
}
