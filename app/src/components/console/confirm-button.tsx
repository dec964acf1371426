// A button that asks before it acts: its label is also the label of the dialog's confirm button.
import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';

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
  return (
    <ConfirmDialog
      trigger={
        <button type="button" className={className} disabled={disabled} aria-label={ariaLabel}>
          {label}
        </button>
      }
      title={title}
      description={description}
      confirmLabel={label}
      onConfirm={onConfirm}
    />
  );
}
