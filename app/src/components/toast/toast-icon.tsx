// Inline SVG icons of toasts.
import type { ToastIconName } from './toast-types';

const paths: Record<ToastIconName, string> = {
  success: 'M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18zM8 12.5l2.7 2.7L16 10',
  info: 'M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18zM12 11v6M12 7.5v.01',
  warning: 'M12 3l9.5 17h-19zM12 10v4.5M12 17.5v.01',
  error: 'M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18zM9 9l6 6M15 9l-6 6',
  language: 'M4 5h9M8.5 3v2M6 5c.5 3 2.5 5.5 5 7M11 5c-.5 3-3 6-7 8M13 21l4-9 4 9M14.5 18h5',
};

export function ToastIcon({ name }: { name: ToastIconName }) {
  return (
    <svg
      className="toast__icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={paths[name]} />
    </svg>
  );
}
