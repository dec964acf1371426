// /settings: interface language (the shared switcher), time zone from core's allowed list (saved
// to the profile and locally), behaviour tracking on or off (saved to the profile), and the
// password change form checked by core before sending.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '@/components/language-switcher/language-switcher';
import { useToast } from '@/components/toast/use-toast';
import { allowedTimezones, validatePasswordChange, validateTimezone } from '@/lib/core-pages';
import { useLang } from '@/lib/lang';
import { preferredTimezone, storeTimezone } from '@/lib/language-preference';
import { browserDeclinesTracking } from '@/lib/tracking-consent';
import { authStore } from './auth-store';
import { PasswordField } from './components/password-field';
import { fieldMessages, serverFields, type FieldMessages } from '@/lib/form-errors';
import { useDescribeFailure } from './form-errors';
import { useCurrentUser } from './use-auth';
import './auth-pages.css';
import { FieldError } from '@/components/form-field/form-field';

function TimezoneSection() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const user = useCurrentUser();
  const describeFailure = useDescribeFailure();
  const id = useId();
  const zones = allowedTimezones({});
  const initial = user?.preferences.timezone ?? preferredTimezone();
  const [timezone, setTimezone] = useState(zones.includes(initial) ? initial : zones[0]);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!validateTimezone({ timezone })) return;
    setSaving(true);
    setError(null);
    try {
      await authStore.updateProfile({ timezone });
      storeTimezone(timezone);
      toast({ color: 'success', icon: 'success', title: t('app.auth.settings.timezoneSaved') });
    } catch (caught) {
      setError(serverFields(caught).timezone ?? describeFailure(caught));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="account-section card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="account-section__title">
        {t('app.auth.settings.timezoneHeading')}
      </h2>
      <p className="account-section__intro">{t('app.auth.settings.timezoneIntro')}</p>
      <form className="account-form" onSubmit={onSubmit} aria-busy={saving}>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-zone`}>
            {t('app.auth.fields.timezone')}
          </label>
          <select
            id={`${id}-zone`}
            className="field__input"
            value={timezone}
            onChange={(event) => setTimezone(event.target.value)}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${id}-error` : undefined}
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
          <FieldError id={id} error={error} />
        </div>
        <div className="account-form__actions">
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? t('app.auth.settings.saving') : t('app.auth.settings.timezoneSave')}
          </button>
        </div>
      </form>
    </section>
  );
}

/** Whether behaviour tracking records this listener (`trackingEnabled` of the profile's preferences). */
function TrackingSection() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const user = useCurrentUser();
  const describeFailure = useDescribeFailure();
  const id = useId();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const enabled = user?.preferences.trackingEnabled ?? true;

  const change = async (trackingEnabled: boolean) => {
    setSaving(true);
    setError(null);
    try {
      await authStore.updateProfile({ trackingEnabled });
      toast({
        color: 'success',
        icon: 'success',
        title: trackingEnabled ? t('app.auth.settings.trackingTurnedOn') : t('app.auth.settings.trackingTurnedOff'),
      });
    } catch (caught) {
      setError(describeFailure(caught));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="account-section card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="account-section__title">
        {t('app.auth.settings.trackingHeading')}
      </h2>
      <p className="account-section__intro">{t('app.auth.settings.trackingIntro')}</p>
      <label className="account-switch" htmlFor={`${id}-switch`}>
        <input
          id={`${id}-switch`}
          type="checkbox"
          role="switch"
          checked={enabled}
          disabled={saving}
          aria-describedby={browserDeclinesTracking() ? `${id}-browser` : undefined}
          onChange={(event) => void change(event.target.checked)}
        />
        {t('app.auth.settings.trackingSwitch')}
      </label>
      {browserDeclinesTracking() ? (
        <p id={`${id}-browser`} className="field__hint">
          {t('app.auth.settings.trackingBrowserDeclines')}
        </p>
      ) : null}
      {error ? (
        <p className="form-alert" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

function PasswordSection() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const { toast } = useToast();
  const user = useCurrentUser();
  const describeFailure = useDescribeFailure();
  const id = useId();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [errors, setErrors] = useState<FieldMessages>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const checked = validatePasswordChange({
      currentPassword,
      newPassword,
      username: user?.username ?? '',
      email: user?.email ?? '',
      lang,
    });
    if (checked.kind === 'invalid') {
      setErrors(fieldMessages(checked.errors));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await authStore.changePassword({ currentPassword, newPassword });
      setCurrentPassword('');
      setNewPassword('');
      toast({
        color: 'success',
        icon: 'success',
        title: t('app.auth.settings.passwordChanged'),
        description: t('app.auth.settings.passwordChangedDescription'),
      });
    } catch (caught) {
      setErrors(serverFields(caught));
      setFailure(describeFailure(caught));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="account-section card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="account-section__title">
        {t('app.auth.settings.passwordHeading')}
      </h2>
      <p className="account-section__intro">{t('app.auth.settings.passwordIntro')}</p>
      <form className="account-form" onSubmit={onSubmit} noValidate aria-busy={saving}>
        {/* Lets password managers tie the new password to the account. */}
        <input type="text" name="username" autoComplete="username" value={user?.username ?? ''} hidden readOnly />
        <PasswordField
          label={t('app.auth.fields.currentPassword')}
          value={currentPassword}
          onValueChange={setCurrentPassword}
          error={errors.currentPassword}
          autoComplete="current-password"
          required
        />
        <PasswordField
          label={t('app.auth.fields.newPassword')}
          value={newPassword}
          onValueChange={setNewPassword}
          error={errors.newPassword}
          hint={t('app.auth.register.passwordHint')}
          autoComplete="new-password"
          required
        />
        {failure ? (
          <p className="form-alert" role="alert">
            {failure}
          </p>
        ) : null}
        <div className="account-form__actions">
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? t('app.auth.settings.passwordSaving') : t('app.auth.settings.passwordSubmit')}
          </button>
        </div>
      </form>
    </section>
  );
}

export function SettingsPage() {
  const { t } = useTranslation();
  const id = useId();
  return (
    <article className="page account-page">
      <h1 className="page__title">{t('app.auth.settings.title')}</h1>
      <section className="account-section card" aria-labelledby={`${id}-language`}>
        <h2 id={`${id}-language`} className="account-section__title">
          {t('app.auth.settings.languageHeading')}
        </h2>
        <LanguageSwitcher showLabel />
      </section>
      <TimezoneSection />
      <TrackingSection />
      <PasswordSection />
    </article>
  );
}
