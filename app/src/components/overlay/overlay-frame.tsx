// One overlay on the page (Radix AlertDialog: focus trapped, Escape closes the top one, the rest of
// the page hidden from assistive technology): open while its phase is `opened`, then left to its close
// animation; it tells the manager once it has gone and gives the focus back to its opener.
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useCallback, useEffect, useRef, type CSSProperties } from 'react';
import { ConfirmBody } from './confirm-body';
import type { OverlayManager, OverlayState } from './overlay-manager';

/** Reports when the dialog's content reaches the page and when it leaves (after its close animation). */
function PresenceSignal({ onEnter, onLeave }: { onEnter: () => void; onLeave: () => void }) {
  useEffect(() => {
    onEnter();
    return onLeave;
  }, [onEnter, onLeave]);
  return null;
}

export function OverlayFrame({ manager, overlay }: { manager: OverlayManager; overlay: OverlayState }) {
  const { id, phase, content, layer } = overlay;
  const opener = manager.openerOf(id);
  const contentMounted = useRef(false);
  const enter = useCallback(() => {
    contentMounted.current = true;
  }, []);
  const leave = useCallback(() => {
    contentMounted.current = false;
    manager.unmounted(id);
  }, [manager, id]);
  const style = { '--overlay-layer': layer } as CSSProperties;

  // Closed before its content was ever drawn: there is nothing to wait for.
  useEffect(() => {
    if (phase === 'closed' && !contentMounted.current) manager.unmounted(id);
  }, [manager, id, phase]);

  return (
    <AlertDialog.Root
      open={phase === 'opened'}
      onOpenChange={(open) => {
        if (!open) manager.dismiss(id);
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="overlay-backdrop" style={style} onClick={() => manager.dismiss(id)} />
        <AlertDialog.Content
          className="overlay-dialog"
          style={style}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (opener?.isConnected) opener.focus();
          }}
        >
          <PresenceSignal onEnter={enter} onLeave={leave} />
          {content.kind === 'confirm' ? (
            <ConfirmBody content={content} onConfirm={() => manager.close(id, true)} />
          ) : null}
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
