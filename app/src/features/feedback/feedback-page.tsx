// Feedback page: category, message and optional contact, sent to the server, which validates the fields.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/toast/use-toast';
import type { FeedbackInput } from '@/lib/api/types';
import type { Label } from '@/lib/i18n';
import { useSubmitFeedback } from './api/submit-feedback';
import './feedback-page.css';

/** The categories the API takes (its document's enum). */
type Category = FeedbackInput['category'];

const categories = [
  { value: 'bug', label: (t) => t('pages.feedback.form.categories.bug') },
  { value: 'content', label: (t) => t('pages.feedback.form.categories.content') },
  { value: 'suggestion', label: (t) => t('pages.feedback.form.categories.suggestion') },
  { value: 'account', label: (t) => t('pages.feedback.form.categories.account') },
  { value: 'other', label: (t) => t('pages.feedback.form.categories.other') },
] satisfies { value: Category; label: Label }[];

export function FeedbackPage() {
  const { t } = useTranslation('pages');
  const { toast } = useToast();
  const { submit, status, fieldErrors, error } = useSubmitFeedback();
  const [category, setCategory] = useState<Category>('suggestion');
  const [message, setMessage] = useState('');
  const [contact, setContact] = useState('');
  const id = useId();
  const sending = status === 'sending';

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const ok = await submit({ category, message, contact });
    if (ok) {
      setMessage('');
      setContact('');
      toast({ color: 'success', icon: 'success', title: t('pages.feedback.form.sent') });
    }
  };

  const errorId = (name: string) => `${id}-${name}-error`;
  const describedBy = (name: string) => (fieldErrors[name] ? errorId(name) : undefined);
  const fieldError = (name: string) =>
    fieldErrors[name] ? (
      <p id={errorId(name)} className="field__error">
        {fieldErrors[name]}
      </p>
    ) : null;

  return (
    <article className="page">
      <h1 className="page__title">{t('pages.feedback.title')}</h1>
      <p className="page__lead">{t('pages.feedback.intro')}</p>
      <form className="feedback-form card" onSubmit={onSubmit} noValidate aria-busy={sending}>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-category`}>
            {t('pages.feedback.form.category')}
          </label>
          <select
            id={`${id}-category`}
            className="field__input"
            value={category}
            // The select offers only the categories above.
            onChange={(event) => setCategory(event.target.value as Category)}
            aria-invalid={Boolean(fieldErrors.category)}
            aria-describedby={describedBy('category')}
          >
            {categories.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label(t)}
              </option>
            ))}
          </select>
          {fieldError('category')}
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-message`}>
            {t('pages.feedback.form.message')}
          </label>
          <textarea
            id={`${id}-message`}
            className="field__input feedback-form__message"
            rows={6}
            value={message}
            placeholder={t('pages.feedback.form.messagePlaceholder')}
            onChange={(event) => setMessage(event.target.value)}
            aria-invalid={Boolean(fieldErrors.message)}
            aria-describedby={describedBy('message')}
            required
          />
          {fieldError('message')}
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-contact`}>
            {t('pages.feedback.form.contact')}
          </label>
          <input
            id={`${id}-contact`}
            className="field__input"
            value={contact}
            placeholder={t('pages.feedback.form.contactPlaceholder')}
            onChange={(event) => setContact(event.target.value)}
            aria-invalid={Boolean(fieldErrors.contact)}
            aria-describedby={describedBy('contact')}
          />
          {fieldError('contact')}
        </div>
        {status === 'failed' && error !== null ? (
          <p className="field__error" role="alert">
            {t('pages.feedback.form.failed')} {error}
          </p>
        ) : null}
        <div>
          <button type="submit" className="button button--primary" disabled={sending}>
            {sending ? t('pages.feedback.form.sending') : t('pages.feedback.form.submit')}
          </button>
        </div>
        <p className="field__hint">{t('pages.feedback.privacyNote')}</p>
      </form>
    </article>
  );
}
