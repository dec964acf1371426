// The role form (create, and rename or describe): name and description, checked by core's
// `validateRole` first; the server's field errors and a name in use (409 `already_taken`) show under
// their fields, any other refusal above the button. A built-in role's name cannot change.
import { useTranslation } from 'react-i18next';
import { FormSubmit } from '@/components/console/form-submit';
import { useConsoleForm } from '@/components/console/use-console-form';
import { TextAreaField, TextField } from '@/components/form-field/form-field';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import type { AdminRole } from '@/lib/api/types';
import { validateRole } from '@/lib/core-pages';
import { useLang } from '@/lib/lang';
import { pathTo } from '@/lib/paths';
import { useSaveRole } from './queries';

export function BackToRoles() {
  const { t } = useTranslation('console');
  return (
    <p className="console-back">
      <LocalizedLink to={pathTo('adminRoles')}>{t('console.roles.back')}</LocalizedLink>
    </p>
  );
}

export function RoleForm({ role, onSaved }: { role?: AdminRole; onSaved: (role: AdminRole) => void }) {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  const save = useSaveRole();
  const { formRef, onSubmit, failure, field } = useConsoleForm({
    initial: () => ({ name: role?.name ?? '', description: role?.description ?? '' }),
    validate: (typed) => validateRole({ ...typed, lang }),
    save: (checked) => save.mutateAsync({ id: role?.id, body: checked.role }),
    onSaved,
  });
  return (
    <form ref={formRef} className="console-form" onSubmit={onSubmit} noValidate aria-busy={save.isPending}>
      <TextField
        {...field('name', t('console.roles.form.name'), true)}
        readOnly={role?.builtIn}
        hint={role?.builtIn ? t('console.roles.form.builtInHint') : t('console.roles.form.nameHint')}
      />
      <TextAreaField {...field('description', t('console.roles.form.description'))} rows={3} />
      <FormSubmit
        failure={failure}
        saving={save.isPending}
        label={role ? t('console.roles.form.save') : t('console.roles.form.submit')}
      />
    </form>
  );
}
