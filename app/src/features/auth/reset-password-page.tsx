// /reset-password?token=…: the page a password-reset link opens. The user chooses a new password
// (the server applies the registration's password rule and names what is wrong in the page's
// language); the link is then used up and the account signed out everywhere, and the page points
// to the sign-in page. The administrator who made the link never sees the password.
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import type { PasswordResetRequest } from '@/lib/api/types';
import { serverFields, type FieldMessages } from '@/lib/form-errors';
import { request } from '@/lib/http';
import { pathTo } from '@/lib/paths';
import { AuthHomeLink } from './components/auth-home-link';
import { PasswordField } from './components/password-field';
import { useDescribeFailure } from './form-errors';
import './auth-pages.css';

export function ResetPasswordPage() {
  const { t } = useTranslation('pages');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const describeFailure = useDescribeFailure();
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldMessages>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) {
      setErrors({ newPassword: t('app.auth.errors.required') });
      return;
    }
    setErrors({});
    setFailure(null);
    setSending(true);
    try {
      const body: PasswordResetRequest = { token, newPassword: password };
      await request('POST', '/api/auth/password-reset', { body });
      setDone(true);
    } catch (error) {
      const fields = serverFields(error);
      setErrors(fields);
      // A refused link is said above the form (the token has no field of its own).
      setFailure(fields.token ?? describeFailure(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <article className="auth-page">
      <AuthHomeLink />
      <h1 className="auth-page__title">{t('pages.reset.title')}</h1>
      {done ? (
        <p className="auth-notice" role="status">
          {t('pages.reset.done')} <LocalizedLink to={pathTo('login')}>{t('pages.reset.signIn')}</LocalizedLink>
        </p>
      ) : !token ? (
        <p className="form-alert" role="alert">
          {t('pages.reset.noToken')}
        </p>
      ) : (
        <>
          <p className="auth-page__intro">{t('pages.reset.intro')}</p>
          <form className="auth-form card" onSubmit={onSubmit} noValidate aria-busy={sending}>
            <PasswordField
              label={t('pages.reset.newPassword')}
              hint={t('app.auth.register.passwordHint')}
              value={password}
              onValueChange={setPassword}
              error={errors.newPassword}
              autoComplete="new-password"
              required
            />
            {failure ? (
              <p className="form-alert" role="alert">
                {failure}
              </p>
            ) : null}
            <button type="submit" className="button button--primary" disabled={sending}>
              {sending ? t('pages.reset.submitting') : t('pages.reset.submit')}
            </button>
          </form>
        </>
      )}
    </article>
  );
}
