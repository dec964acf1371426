// /admin/roles/index-new (manage:users): a new role's name and description (`RoleForm`). Once
// created, the role's permission matrix opens (a new role holds none).
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/toast/use-toast';
import type { AdminRole } from '@/lib/api/types';
import { useLocalize } from '@/lib/lang';
import { pathTo } from '@/lib/paths';
import { BackToRoles, RoleForm } from './role-form';
import '@/components/console/console.css';
import './console-roles.css';

export function AdminRoleCreatePage() {
  const { t } = useTranslation('console');
  const { toast } = useToast();
  const navigate = useNavigate();
  const localize = useLocalize();
  const saved = (role: AdminRole) => {
    toast({ color: 'success', icon: 'success', title: t('console.roles.form.created', { name: role.name }) });
    navigate(localize(pathTo('adminRolePermissions', { roleId: role.id })));
  };
  return (
    <div className="console-page">
      <BackToRoles />
      <h1>{t('console.roles.form.title')}</h1>
      <RoleForm onSaved={saved} />
    </div>
  );
}
