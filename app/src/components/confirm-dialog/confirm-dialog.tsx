// A confirmation before an action that cannot be undone (Radix AlertDialog: focus trapped,
// Escape cancels, the cancel button has focus first so Enter never destroys by accident).
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './confirm-dialog.css';

export interface ConfirmDialogProps {
  /** The button that opens the dialog. */
  trigger: ReactNode;
  /** The question, e.g. "Clear your whole listening history?". */
  title: string;
  /** The label of the button that does it. */
  confirmLabel: string;
  onConfirm: () => void;
  /** What happens; "This cannot be undone." when not given. */
  description?: string;
}

export function ConfirmDialog({ trigger, title, confirmLabel, onConfirm, description }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="confirm-dialog__overlay" />
        <AlertDialog.Content className="confirm-dialog">
          <AlertDialog.Title className="confirm-dialog__title">{title}</AlertDialog.Title>
          <AlertDialog.Description className="confirm-dialog__description">
            {description ?? t('app.common.cannotUndo')}
          </AlertDialog.Description>
          <div className="confirm-dialog__actions">
            <AlertDialog.Cancel className="button">{t('app.common.cancel')}</AlertDialog.Cancel>
            <AlertDialog.Action className="button button--danger" onClick={onConfirm}>
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
