// /admin/roles/:roleId/permissions (manage:users): the role's permission matrix, every permission a
// checkbox row with what it opens. Saving sends only what changed (grant and revoke), so another
// administrator's change to the same role made meanwhile is kept; the boxes then show the role as
// the server holds it, and a status line says whether everything is saved. Below, the role's name
// and description, and (for a role that is not built in) its deletion.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorState, RecordErrorState, Skeleton } from '@/components/async-state/async-state';
import { ConfirmButton } from '@/components/overlay/confirm-button';
import { useToast } from '@/components/toast/use-toast';
import type { AdminPermission, AdminRole, Permission } from '@/lib/api/types';
import { useDescribeFailure } from '@/lib/form-errors';
import { formatNumber } from '@/lib/core';
import { ApiError } from '@/lib/http';
import { useLang, useLocalize } from '@/lib/lang';
import { pathTo } from '@/lib/paths';
import { BackToRoles, RoleForm } from './role-form';
import { roleQueries, useChangePermissions, useDeleteRole } from './queries';
import '@/components/console/console.css';
import './console-roles.css';

/** The server's words for a refusal (they name the rule: the caller's last way in, a built-in role). */
function useRefusal() {
  const describe = useDescribeFailure();
  return (error: unknown) => (error instanceof ApiError && error.statusCode !== 0 ? error.message : describe(error));
}

/** What to send: the boxes ticked that the role lacks, and those cleared that it holds. */
export function changesBetween(held: Permission[], ticked: Set<Permission>) {
  return {
    grant: [...ticked].filter((p) => !held.includes(p)),
    revoke: held.filter((p) => !ticked.has(p)),
  };
}

function Matrix({ role, permissions }: { role: AdminRole; permissions: AdminPermission[] }) {
  const { t } = useTranslation('console');
  const refusal = useRefusal();
  const change = useChangePermissions();
  const [ticked, setTicked] = useState(() => new Set(role.permissions));
  // The role as the boxes were last set from; when the server's answer moves on (a save, a
  // reload), boxes nobody has touched since follow it.
  const [base, setBase] = useState(role.permissions);
  if (base !== role.permissions) {
    const untouched = Object.values(changesBetween(base, ticked)).every((list) => list.length === 0);
    setBase(role.permissions);
    if (untouched) setTicked(new Set(role.permissions));
  }
  const [failure, setFailure] = useState<string | null>(null);
  const [justSaved, setJustSaved] = useState(false);
  const changes = changesBetween(role.permissions, ticked);
  const dirty = changes.grant.length + changes.revoke.length > 0;

  const toggle = (permission: Permission, on: boolean) => {
    setJustSaved(false);
    setTicked((current) => {
      const next = new Set(current);
      if (on) next.add(permission);
      else next.delete(permission);
      return next;
    });
  };

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      const saved = await change.mutateAsync({ id: role.id, changes });
      setTicked(new Set(saved.permissions));
      setJustSaved(true);
    } catch (error) {
      // A refusal (the caller's last way in) comes worded by the server, with its field.
      setFailure(refusal(error));
    }
  };

  return (
    <form className="console-form" onSubmit={save} aria-busy={change.isPending}>
      <fieldset className="role-matrix">
        <legend className="visually-hidden">{t('console.roles.matrix.legend', { name: role.name })}</legend>
        {permissions.map((item) => (
          <label key={item.permission} className="role-matrix__row" data-testid={`permission-${item.permission}`}>
            <input
              type="checkbox"
              checked={ticked.has(item.permission)}
              onChange={(event) => toggle(item.permission, event.target.checked)}
            />
            <span>
              {item.name} <span className="role-matrix__code">{item.permission}</span>
            </span>
            <span className="role-matrix__opens console-sub">{item.opens}</span>
          </label>
        ))}
      </fieldset>
      <p className="console-sub" role="status">
        {dirty
          ? t('console.roles.matrix.unsaved', { count: changes.grant.length + changes.revoke.length })
          : justSaved
            ? t('console.roles.matrix.saved')
            : t('console.roles.matrix.upToDate')}
      </p>
      {failure ? (
        <p className="form-alert console-alert" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="console-actions">
        <button type="submit" className="button button--primary" disabled={!dirty || change.isPending}>
          {change.isPending ? t('console.form.saving') : t('console.roles.matrix.save')}
        </button>
      </div>
    </form>
  );
}

function RoleDetails({ role }: { role: AdminRole }) {
  const { t } = useTranslation('console');
  const { toast } = useToast();
  const navigate = useNavigate();
  const localize = useLocalize();
  const { lang } = useLang();
  const refusal = useRefusal();
  const remove = useDeleteRole();
  const [failure, setFailure] = useState<string | null>(null);
  const deleteRole = async () => {
    setFailure(null);
    try {
      await remove.mutateAsync(role.id);
      toast({ color: 'success', icon: 'success', title: t('console.roles.delete.deleted', { name: role.name }) });
      navigate(localize(pathTo('adminRoles')));
    } catch (error) {
      setFailure(refusal(error));
    }
  };
  return (
    <section className="console-fieldset" aria-labelledby="role-details">
      <h2 id="role-details">{t('console.roles.form.details')}</h2>
      <RoleForm
        key={`${role.name}\n${role.description}`}
        role={role}
        onSaved={(saved) =>
          toast({ color: 'success', icon: 'success', title: t('console.roles.form.saved', { name: saved.name }) })
        }
      />
      {!role.builtIn && (
        <>
          {failure ? (
            <p className="form-alert console-alert" role="alert">
              {failure}
            </p>
          ) : null}
          <div className="console-actions">
            <ConfirmButton
              className="button console-danger"
              label={t('console.roles.delete.label')}
              title={t('console.roles.delete.title', { name: role.name })}
              description={t('console.roles.delete.description', {
                count: role.userCount,
                formatted: formatNumber({ value: role.userCount, lang }),
              })}
              disabled={remove.isPending}
              onConfirm={deleteRole}
            />
          </div>
        </>
      )}
    </section>
  );
}

export function AdminRolePermissionsPage() {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  const id = Number(useParams().roleId);
  const role = useQuery(roleQueries.role(id));
  const permissions = useQuery(roleQueries.permissions(lang));
  return (
    <div className="console-page">
      <BackToRoles />
      <h1>
        {role.data ? t('console.roles.matrix.title', { name: role.data.name }) : t('console.roles.matrix.loading')}
      </h1>
      <p className="field__hint">{t('console.roles.matrix.lead')}</p>
      {(role.isPending || permissions.isPending) && <Skeleton count={6} variant="row" />}
      {role.isError && <RecordErrorState error={role.error} onRetry={() => void role.refetch()} />}
      {permissions.isError && <ErrorState error={permissions.error} onRetry={() => void permissions.refetch()} />}
      {role.isSuccess && permissions.isSuccess && (
        <Matrix key={role.data.id} role={role.data} permissions={permissions.data.items} />
      )}
      {role.isSuccess && <RoleDetails role={role.data} />}
    </div>
  );
}
