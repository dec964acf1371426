// The forms' labelled controls (text, long text, select, checkbox): the message under a control
// is its accessible description, and an invalid control says so. A field's other attributes
// (`name`, `type`, `autoComplete`, `required`, …) go to its control.
import {
  useId,
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import './form-field.css';

interface FieldText {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** A `*` after the label and `aria-required` on the control; the form checks it, not the browser. */
  markRequired?: boolean;
  /** The hint changes while typing (a preview) and is read out when it does. */
  liveHint?: boolean;
}

export interface FieldValue extends FieldText {
  value: string;
  onValueChange: (value: string) => void;
}

/** The control's description: its error message, then its hint. */
function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  const list = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ');
  return list || undefined;
}

/** The error line of the control `id` (what `describedBy` points at), when there is an error. */
export function FieldError({ id, error }: { id: string; error?: string | null }) {
  return error ? (
    <p id={`${id}-error`} className="field__error">
      {error}
    </p>
  ) : null;
}

/** A field around its control `children` (whose id is `id`): label, then error, then hint. */
export function Field({
  id,
  label,
  error,
  hint,
  markRequired,
  liveHint,
  children,
}: FieldText & { id: string; children: ReactNode }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
        {markRequired ? (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children}
      <FieldError id={id} error={error} />
      {hint ? (
        <p id={`${id}-hint`} className="field__hint" aria-live={liveHint ? 'polite' : undefined}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A field's props split: what its frame shows, and what its control gets (the other attributes last). */
export function useFieldParts<Props extends FieldValue>(props: Props) {
  const { label, error, hint, markRequired, liveHint, value, onValueChange, ...attributes } = props;
  const id = useId();
  return {
    frame: { id, label, error, hint, markRequired, liveHint },
    control: {
      id,
      value,
      onChange: (event: ChangeEvent<{ value: string }>) => onValueChange(event.target.value),
      'aria-invalid': Boolean(error),
      'aria-required': markRequired || undefined,
      'aria-describedby': describedBy(id, error, hint),
      ...attributes,
    },
  };
}

export type TextFieldProps = FieldValue & Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'>;

/** A one-line input; without an `autoComplete` of its own the browser offers nothing. */
export function TextField(props: TextFieldProps) {
  const { frame, control } = useFieldParts(props);
  return (
    <Field {...frame}>
      <input className="field__input" type="text" autoComplete="off" {...control} />
    </Field>
  );
}

type TextAreaFieldProps = FieldValue & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'>;

export function TextAreaField({ rows = 4, ...props }: TextAreaFieldProps) {
  const { frame, control } = useFieldParts(props);
  return (
    <Field {...frame}>
      <textarea className="field__input field__textarea" rows={rows} {...control} />
    </Field>
  );
}

export type Option = [value: string, label: string];

type SelectFieldProps = FieldValue &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> & { options: Option[] };

export function SelectField({ options, ...props }: SelectFieldProps) {
  const { frame, control } = useFieldParts(props);
  return (
    <Field {...frame}>
      <select className="field__input" {...control}>
        {options.map(([optionValue, optionText]) => (
          <option key={optionValue} value={optionValue}>
            {optionText}
          </option>
        ))}
      </select>
    </Field>
  );
}

type CheckFieldProps = Omit<FieldText, 'markRequired' | 'liveHint'> &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'checked' | 'type'> & {
    checked: boolean;
    onCheckedChange: (checked: boolean) => void;
  };

/** A checkbox with its label beside it; its message and hint as for the other fields. */
export function CheckField({ label, error, hint, checked, onCheckedChange, ...attributes }: CheckFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <div className="field__check">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onCheckedChange(event.target.checked)}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy(id, error, hint)}
          {...attributes}
        />
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
      </div>
      <FieldError id={id} error={error} />
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
