// The console forms' flow (book, category, chapter): every control holds text; on submit core's rule
// checks the form in the page's language before anything is sent, then the save runs; core's
// and the server's field errors show under their fields, any other failure above the buttons, and
// the first field in error gets the focus (keyboard and screen readers).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { FieldError } from '@/lib/core';
import { fieldMessages, serverFields, useDescribeFailure, type FieldMessages } from '@/lib/form-errors';

type Invalid = { kind: 'invalid'; errors: FieldError[] };

const isInvalid = <Valid>(checked: Valid | Invalid): checked is Invalid => (checked as Invalid).kind === 'invalid';

export function useConsoleForm<Key extends string, Valid extends { kind: 'valid' }, Saved>({
  initial,
  validate,
  save,
  onSaved,
}: {
  initial: () => Record<Key, string>;
  /** Core's rule on the form as typed. */
  validate: (form: Record<Key, string>) => Valid | Invalid;
  save: (checked: Valid) => Promise<Saved>;
  onSaved: (saved: Saved) => void;
}) {
  const describeFailure = useDescribeFailure();
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // After a failed submit the first field in error gets the focus.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = validate(form);
    if (isInvalid(checked)) {
      setErrors(fieldMessages(checked.errors));
      setAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    try {
      onSaved(await save(checked));
    } catch (error) {
      setErrors(serverFields(error));
      setFailure(describeFailure(error));
      setAttempt((n) => n + 1);
    }
  };

  /** The props of a field's control; a changed field drops its message (checked again on submit). */
  const field = (key: Key, label: string, required = false) => ({
    name: key,
    label,
    markRequired: required,
    liveHint: true,
    value: form[key],
    onValueChange: (value: string) => {
      setForm((current) => ({ ...current, [key]: value }));
      setErrors(({ [key]: _dropped, ...rest }) => rest);
    },
    error: errors[key],
  });

  /** Sets a value no text control holds (a checkbox, the uploaded file's id); drops its message. */
  const setField = (key: Key, value: string) => field(key, '').onValueChange(value);

  return { form, formRef, onSubmit, failure, field, setField };
}
