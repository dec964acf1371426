// The end of a console form: the message of a failed save, then the submit button.
import { useTranslation } from 'react-i18next';

export function FormSubmit({ failure, saving, label }: { failure: string | null; saving: boolean; label: string }) {
  const { t } = useTranslation('console');
  return (
    <>
      {failure ? (
        <p className="form-alert console-alert" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="console-actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? t('console.form.saving') : label}
        </button>
      </div>
    </>
  );
}
