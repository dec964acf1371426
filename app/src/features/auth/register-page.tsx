// /auth/register and /auth/register-new: email, username and password, checked by core's
// registration rule before sending; the server's field errors (taken names…) shown likewise.
// While the site's settings close registration, a notice replaces the form.
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { AuthHomeLink } from './components/auth-home-link';
import { validateRegistration } from '@/lib/core-pages';
import { useLang } from '@/lib/lang';
import { pathTo } from '@/lib/paths';
import { siteQuery } from '@/lib/site';
import { authStore } from './auth-store';
import { TextField } from '@/components/form-field/form-field';
import { PasswordField } from './components/password-field';
import { fieldMessages, serverFields, type FieldMessages } from '@/lib/form-errors';
import { useDescribeFailure } from './form-errors';
import './auth-pages.css';

export function RegisterPage() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const [params] = useSearchParams();
  const describeFailure = useDescribeFailure();
  const [email, setEmail] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldMessages>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const redirect = params.get('redirect');
  const loginTarget = redirect ? `${pathTo('login')}?${new URLSearchParams({ redirect })}` : pathTo('login');
  // Unknown (still asking, or unanswered): the form shows; the server refuses a closed registration anyway.
  const closed = useQuery(siteQuery()).data?.registrationOpen === false;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const checked = validateRegistration({ email, username, password, lang });
    if (checked.kind === 'invalid') {
      setErrors(fieldMessages(checked.errors));
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const { registration } = checked;
      await authStore.register({ email: registration.email, username: registration.username, password });
    } catch (error) {
      setErrors(serverFields(error));
      setFailure(describeFailure(error));
      setSending(false);
    }
  };

  return (
    <article className="auth-page">
      <AuthHomeLink />
      <h1 className="auth-page__title">{t('app.auth.register.title')}</h1>
      {closed ? (
        <p className="auth-page__intro form-alert" role="status">
          {t('app.auth.register.closed')}
        </p>
      ) : (
        <p className="auth-page__intro">{t('app.auth.register.intro')}</p>
      )}
      {closed ? null : (
        <form className="auth-form card" onSubmit={onSubmit} noValidate aria-busy={sending}>
          <TextField
            label={t('app.auth.fields.email')}
            type="email"
            value={email}
            onValueChange={setEmail}
            error={errors.email}
            autoComplete="email"
            required
          />
          <TextField
            label={t('app.auth.fields.username')}
            value={username}
            onValueChange={setUsername}
            error={errors.username}
            hint={t('app.auth.register.usernameHint')}
            autoComplete="username"
            required
          />
          <PasswordField
            label={t('app.auth.fields.password')}
            value={password}
            onValueChange={setPassword}
            error={errors.password}
            hint={t('app.auth.register.passwordHint')}
            autoComplete="new-password"
            required
          />
          {failure ? (
            <p className="form-alert" role="alert">
              {failure}
            </p>
          ) : null}
          <button type="submit" className="button button--primary" disabled={sending}>
            {sending ? t('app.auth.register.submitting') : t('app.auth.register.submit')}
          </button>
        </form>
      )}
      <p className="auth-page__switch">
        {t('app.auth.register.hasAccount')}{' '}
        <LocalizedLink to={loginTarget}>{t('app.auth.register.loginLink')}</LocalizedLink>
      </p>
    </article>
  );
}
