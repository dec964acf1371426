// /profile: avatar (core's initials when there is no image), name and email, membership status
// text from core with the ways to purchases, membership and subscription, and the edit form
// (username, email, avatar URL) checked by core before sending.
import { Suspense, useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { useToast } from '@/components/toast/use-toast';
import type { ProfileRequest, UserView } from '@/lib/api/types';
import { formatDate, premiumStatus, validateProfileUpdate } from '@/lib/core-pages';
import { useLang } from '@/lib/lang';
import { pathTo } from '@/lib/paths';
import { accountChanged } from '@/lib/queries/viewer';
import { authStore } from './auth-store';
import { Avatar } from './components/avatar';
import { TextField } from '@/components/form-field/form-field';
import { fieldMessages, serverFields, type FieldMessages } from '@/lib/form-errors';
import { useDescribeFailure } from './form-errors';
import { useCurrentUser } from './use-auth';
import './auth-pages.css';

function ProfileForm({ user }: { user: UserView }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const describeFailure = useDescribeFailure();
  const id = useId();
  const [username, setUsername] = useState(user.username);
  const [email, setEmail] = useState(user.email);
  const [avatarUrl, setAvatarUrl] = useState(user.avatarUrl);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    // Only changed fields are sent; an untouched field stays as it is.
    const patch: ProfileRequest = {};
    if (username !== user.username) patch.username = username;
    if (email !== user.email) patch.email = email;
    if (avatarUrl !== user.avatarUrl) patch.avatarUrl = avatarUrl;
    const checked = validateProfileUpdate({ ...patch, lang });
    if (checked.kind === 'invalid') {
      setErrors(fieldMessages(checked.errors));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const { profile } = checked;
      // The form is keyed on the saved user, so it starts over from the server's answer.
      await authStore.updateProfile({
        ...(profile.username != null ? { username: profile.username } : {}),
        ...(profile.email != null ? { email: profile.email } : {}),
        ...(profile.avatarUrl != null ? { avatarUrl: profile.avatarUrl } : {}),
      });
      void accountChanged(queryClient, user.id);
      toast({ color: 'success', icon: 'success', title: t('app.auth.profile.saved') });
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
        {t('app.auth.profile.editHeading')}
      </h2>
      <form className="account-form" onSubmit={onSubmit} noValidate aria-busy={saving}>
        <TextField
          label={t('app.auth.fields.username')}
          value={username}
          onValueChange={setUsername}
          error={errors.username}
          hint={t('app.auth.register.usernameHint')}
          autoComplete="username"
        />
        <TextField
          label={t('app.auth.fields.email')}
          type="email"
          value={email}
          onValueChange={setEmail}
          error={errors.email}
          autoComplete="email"
        />
        <TextField
          label={t('app.auth.fields.avatarUrl')}
          type="url"
          value={avatarUrl}
          onValueChange={setAvatarUrl}
          error={errors.avatarUrl}
          hint={t('app.auth.profile.avatarHint')}
          autoComplete="photo"
        />
        {failure ? (
          <p className="form-alert" role="alert">
            {failure}
          </p>
        ) : null}
        <div className="account-form__actions">
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? t('app.auth.profile.saving') : t('app.auth.profile.save')}
          </button>
        </div>
      </form>
    </section>
  );
}

/** The profile's own pages about money: orders, membership, renewal (texts of the `shop` catalogue). */
function MembershipLinks() {
  const { t } = useTranslation('shop');
  return (
    <nav aria-label={t('shop.profileLinks.heading')}>
      <ul className="profile-links">
        <li>
          <LocalizedLink to={pathTo('profilePurchases')}>{t('shop.profileNav.purchases')}</LocalizedLink>
        </li>
        <li>
          <LocalizedLink to={pathTo('profileMembership')}>{t('shop.profileNav.membership')}</LocalizedLink>
        </li>
        <li>
          <LocalizedLink to={pathTo('profileSubscription')}>{t('shop.profileNav.subscription')}</LocalizedLink>
        </li>
      </ul>
    </nav>
  );
}

export function ProfilePage() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const user = useCurrentUser();
  const id = useId();
  if (!user) return null;
  const { timezone } = user.preferences;
  const status = premiumStatus({ user, nowMs: Date.now(), lang, timezone });

  return (
    <article className="page account-page">
      <h1 className="page__title">{t('app.auth.profile.title')}</h1>
      <section className="account-section card profile-card" aria-label={user.username}>
        <Avatar
          name={user.username}
          url={user.avatarUrl}
          alt={t('app.auth.profile.avatarAlt', { name: user.username })}
        />
        <div>
          <p className="profile-card__name">{user.username}</p>
          <p className="profile-card__email">{user.email}</p>
          <p className="field__hint">
            {t('app.auth.profile.joined', { date: formatDate({ timestampMs: user.createdAt, lang, timezone }) })}
          </p>
        </div>
      </section>
      <section className="account-section card" aria-labelledby={`${id}-membership`}>
        <h2 id={`${id}-membership`} className="account-section__title">
          {t('app.auth.profile.membershipHeading')}
        </h2>
        <p className="membership-status">{status.text}</p>
        {/* Its texts come with the `shop` catalogue: the profile shows at once without them. */}
        <Suspense fallback={null}>
          <MembershipLinks />
        </Suspense>
      </section>
      <ProfileForm key={`${user.id}-${user.username}-${user.email}-${user.avatarUrl}`} user={user} />
    </article>
  );
}
