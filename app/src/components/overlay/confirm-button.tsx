// A button that asks in a dialog before it acts: its label is also the dialog's confirm button's.
import type { MouseEvent, ReactNode } from 'react';
import { useOverlays } from './use-overlays';

export function ConfirmButton({
  label,
  title,
  description,
  onConfirm,
  className = 'button',
  disabled = false,
  ariaLabel,
  testId,
  children,
}: {
  label: string;
  /** The question the dialog asks. */
  title: string;
  description?: string;
  /** What the button does once confirmed; a promise it returns is awaited. */
  onConfirm: () => unknown;
  className?: string;
  disabled?: boolean;
  /** The button's accessible name where its label alone does not say what it acts on. */
  ariaLabel?: string;
  testId?: string;
  /** What the button shows instead of its label (a busy state). */
  children?: ReactNode;
}) {
  const overlays = useOverlays();
  const ask = async (event: MouseEvent<HTMLButtonElement>) => {
    const confirmed = await overlays.confirm({ title, description, confirmLabel: label, opener: event.currentTarget });
    if (confirmed) await onConfirm();
  };
  return (
    <button
      type="button"
      className={className}
      disabled={disabled}
      aria-label={ariaLabel}
      aria-haspopup="dialog"
      data-testid={testId}
      onClick={(event) => void ask(event)}
    >
      {children ?? label}
    </button>
  );
}
