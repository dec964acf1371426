// A confirmation's texts and buttons: the cancel button has the focus first, so Enter never does
// the irreversible thing by accident.
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useTranslation } from 'react-i18next';
import type { ConfirmContent } from './overlay-manager';

export function ConfirmBody({ content, onConfirm }: { content: ConfirmContent; onConfirm: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <AlertDialog.Title className="overlay-dialog__title">{content.title}</AlertDialog.Title>
      <AlertDialog.Description className="overlay-dialog__description">
        {content.description ?? t('app.common.cannotUndo')}
      </AlertDialog.Description>
      <div className="overlay-dialog__actions">
        {/* Radix closes through the frame's onOpenChange: a dismissal, answered false. */}
        <AlertDialog.Cancel className="button">{t('app.common.cancel')}</AlertDialog.Cancel>
        <button type="button" className="button overlay-dialog__confirm" onClick={onConfirm}>
          {content.confirmLabel}
        </button>
      </div>
    </>
  );
}
