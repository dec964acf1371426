// The toast area: a Radix viewport (F8) listing the toasts, each with a pausing progress bar.
// Loaded with the first toast (`ToastProvider`), so the first load carries none of it.
import * as RadixToast from '@radix-ui/react-toast';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { toastConfig } from '@/config/toast';
import { ToastIcon } from './toast-icon';
import type { ToastEntry } from './toast-types';
import './toast.css';

function ToastItem({ entry, depth, onDismiss }: { entry: ToastEntry; depth: number; onDismiss: (id: string) => void }) {
  const { t } = useTranslation();
  const [paused, setPaused] = useState(false);
  const duration = entry.duration ?? toastConfig.durationMs;
  const timed = Number.isFinite(duration) && duration > 0;
  const style = { '--toast-depth': depth } as CSSProperties;

  return (
    <RadixToast.Root
      className={`toast toast--${entry.color ?? 'neutral'}${entry.onClick ? ' toast--clickable' : ''}`}
      style={style}
      open={entry.open}
      duration={duration}
      onOpenChange={(open) => {
        if (!open) onDismiss(entry.id);
      }}
      onPause={() => setPaused(true)}
      onResume={() => setPaused(false)}
      onClick={entry.onClick ? () => entry.onClick?.(entry) : undefined}
    >
      {entry.avatar ? (
        <img className="toast__avatar" src={entry.avatar.src} alt={entry.avatar.alt} width={32} height={32} />
      ) : entry.icon ? (
        <ToastIcon name={entry.icon} />
      ) : null}
      <div className="toast__body">
        {entry.title ? <RadixToast.Title className="toast__title">{entry.title}</RadixToast.Title> : null}
        {entry.description ? (
          <RadixToast.Description className="toast__description">{entry.description}</RadixToast.Description>
        ) : null}
        {entry.actions?.length ? (
          <div className="toast__actions">
            {entry.actions.map((action) => (
              <RadixToast.Action
                key={action.label}
                className="button button--small"
                altText={action.label}
                onClick={(event) => {
                  event.stopPropagation();
                  action.onClick?.();
                }}
              >
                {action.label}
              </RadixToast.Action>
            ))}
          </div>
        ) : null}
      </div>
      {entry.close !== false ? (
        <RadixToast.Close
          className="toast__close"
          aria-label={t('app.toast.close')}
          onClick={(e) => e.stopPropagation()}
        >
          <span aria-hidden="true">×</span>
        </RadixToast.Close>
      ) : null}
      {timed ? (
        <div
          className="toast__progress"
          data-paused={paused}
          style={{ animationDuration: `${duration}ms`, animationPlayState: paused ? 'paused' : 'running' }}
          aria-hidden="true"
        />
      ) : null}
    </RadixToast.Root>
  );
}

export default function Toaster({
  toasts,
  onDismiss,
  expand,
}: {
  toasts: ToastEntry[];
  onDismiss: (id: string) => void;
  expand: boolean;
}) {
  const { t } = useTranslation();
  return (
    <RadixToast.Provider
      duration={toastConfig.durationMs}
      swipeThreshold={toastConfig.swipeThreshold}
      swipeDirection="right"
    >
      <RadixToast.Viewport
        className={`toast-viewport${expand ? '' : ' toast-viewport--stacked'}`}
        hotkey={[...toastConfig.hotkey]}
        label={t('app.toast.viewportLabel')}
      >
        {toasts.map((entry, index) => (
          <ToastItem key={entry.id} entry={entry} depth={toasts.length - 1 - index} onDismiss={onDismiss} />
        ))}
      </RadixToast.Viewport>
    </RadixToast.Provider>
  );
}
