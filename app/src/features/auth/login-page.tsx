// /auth/login and /auth/login-new: email or username and password. On success the guest guard
// sends the now signed-in user to the page's `redirect` (local paths only, core's rule) or home.
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { AuthHomeLink } from './components/auth-home-link';
import { pathTo } from '@/lib/paths';
import { authStore } from './auth-store';
import { TextField } from '@/components/form-field/form-field';
import { PasswordField } from './components/password-field';
import { serverFields, type FieldMessages } from '@/lib/form-errors';
import { useDescribeFailure } from './form-errors';
import './auth-pages.css';

export function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const describeFailure = useDescribeFailure();
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldMessages>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const redirect = params.get('redirect');
  const registerTarget = redirect ? `${pathTo('register')}?${new URLSearchParams({ redirect })}` : pathTo('register');

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Login has no format rule of its own: both fields only have to be filled in.
    const missing: FieldMessages = {};
    if (!identifier.trim()) missing.email = t('app.auth.errors.required');
    if (!password) missing.password = t('app.auth.errors.required');
    setErrors(missing);
    setFailure(null);
    if (Object.keys(missing).length > 0) return;
    setSending(true);
    try {
      await authStore.login({ email: identifier.trim(), password });
    } catch (error) {
      setErrors(serverFields(error));
      setFailure(describeFailure(error));
      setSending(false);
    }
  };

  return (
    <article className="auth-page">
      <AuthHomeLink />
      <h1 className="auth-page__title">{t('app.auth.login.title')}</h1>
      <p className="auth-page__intro">{t('app.auth.login.intro')}</p>
      {params.get('reason') === 'session_expired' ? (
        <p className="auth-notice" role="status">
          {t('app.auth.sessionExpired.notice')}
        </p>
      ) : null}
      <form className="auth-form card" onSubmit={onSubmit} noValidate aria-busy={sending}>
        <TextField
          label={t('app.auth.fields.identifier')}
          value={identifier}
          onValueChange={setIdentifier}
          error={errors.email ?? errors.username}
          autoComplete="username"
          required
        />
        <PasswordField
          label={t('app.auth.fields.password')}
          value={password}
          onValueChange={setPassword}
          error={errors.password}
          autoComplete="current-password"
          required
        />
        {failure ? (
          <p className="form-alert" role="alert">
            {failure}
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? t('app.auth.login.submitting') : t('app.auth.login.submit')}
        </button>
      </form>
      <p className="auth-page__switch">
        {t('app.auth.login.noAccount')}{' '}
        <LocalizedLink to={registerTarget}>{t('app.auth.login.registerLink')}</LocalizedLink>
      </p>
    </article>
  );
}
