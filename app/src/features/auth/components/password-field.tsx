// The account forms' password input with a show/hide toggle button (a pressed toggle shows the
// text), in the shared field frame: label, error and hint as every other field has them.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, useFieldParts, type TextFieldProps } from '@/components/form-field/form-field';

export function PasswordField(props: Omit<TextFieldProps, 'type'>) {
  const { t } = useTranslation();
  const { frame, control } = useFieldParts(props);
  const [visible, setVisible] = useState(false);
  return (
    <Field {...frame}>
      <div className="password-field">
        <input className="field__input password-field__input" type={visible ? 'text' : 'password'} {...control} />
        <button
          type="button"
          className="button button--ghost button--small password-field__toggle"
          aria-controls={frame.id}
          aria-pressed={visible}
          aria-label={visible ? t('app.auth.password.hide') : t('app.auth.password.show')}
          onClick={() => setVisible((shown) => !shown)}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
            />
            <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.6" />
            {visible ? <path d="M3 3l18 18" stroke="currentColor" strokeWidth="1.6" /> : null}
          </svg>
        </button>
      </div>
    </Field>
  );
}
