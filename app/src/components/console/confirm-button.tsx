// A button that asks before it acts: its label is also the label of the dialog's confirm button.
import type { MouseEvent } from 'react';
import { useOverlays } from '@/components/overlay/use-overlays';

export function ConfirmButton({
  label,
  className,
  disabled,
  ariaLabel,
  title,
  description,
  onConfirm,
}: {
  label: string;
  className: string;
  disabled: boolean;
  /** The button's accessible name where its label alone does not say what it acts on. */
  ariaLabel?: string;
  title: string;
  description?: string;
  onConfirm: () => void;
}) {
  const overlays = useOverlays();
  const ask = async (event: MouseEvent<HTMLButtonElement>) => {
    const confirmed = await overlays.confirm({ title, description, confirmLabel: label, opener: event.currentTarget });
    if (confirmed) onConfirm();
  };
  return (
    <button
      type="button"
      className={className}
      disabled={disabled}
      aria-label={ariaLabel}
      aria-haspopup="dialog"
      onClick={(event) => void ask(event)}
    >
      {label}
    </button>
  );
}
