// Inline SVG icons for the error screen, one per icon name of core's error catalogue.

/** The "no entry" sign (a barred circle) on the 403 screen's shield: refused, not approved. */
export const forbiddenMark = 'M12 8.3a3.4 3.4 0 1 1 0 6.8 3.4 3.4 0 0 1 0-6.8zM9.6 9.3l4.8 4.8';

const paths: Record<string, string> = {
  lock: 'M7 11V8a5 5 0 0 1 10 0v3M5 11h14v10H5zM12 15v2',
  shield: `M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z${forbiddenMark}`,
  search: 'M10.5 4a6.5 6.5 0 1 1 0 13 6.5 6.5 0 0 1 0-13zM15.5 15.5L20 20',
  warning: 'M12 3l9.5 17h-19zM12 10v4.5M12 17.5v.01',
  info: 'M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18zM12 11v6M12 7.5v.01',
};

export function ErrorIcon({ name }: { name: string }) {
  return (
    <svg
      className="error-screen__icon"
      viewBox="0 0 24 24"
      width="64"
      height="64"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      data-icon={name}
    >
      <path d={paths[name] ?? paths.info} />
    </svg>
  );
}
