// The end of a console form: the message of a failed save, then the submit button.
import { useTranslation } from 'react-i18next';

export function FormSubmit({
  failure,
  saving,
  label,
  disabled = false,
  name,
  testId,
}: {
  failure: string | null;
  saving: boolean;
  label: string;
  /** Not ready to save yet (the form says why), besides while saving. */
  disabled?: boolean;
  /** The button's accessible name where several forms share a page (it contains `label`). */
  name?: string;
  testId?: string;
}) {
  const { t } = useTranslation('console');
  return (
    <>
      {failure ? (
        <p className="form-alert console-alert" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="console-actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={saving || disabled}
          aria-label={name}
          data-testid={testId}
        >
          {saving ? t('console.form.saving') : label}
        </button>
      </div>
    </>
  );
}
