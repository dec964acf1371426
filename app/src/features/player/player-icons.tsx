// The player's controls drawn as inline SVG (font glyphs such as ⏮ show as empty boxes where a font
// lacks them). Decorative only: each button carries its own accessible name.
import type { ReactNode } from 'react';

function Icon({ children, filled = true }: { children: ReactNode; filled?: boolean }) {
  return (
    <svg
      className="player-icon"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
      fill={filled ? 'currentColor' : 'none'}
      stroke={filled ? 'none' : 'currentColor'}
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

export const PlayIcon = () => (
  <Icon>
    <path d="M8 5v14l11-7z" />
  </Icon>
);

export const PauseIcon = () => (
  <Icon>
    <path d="M6 5h4v14H6zM14 5h4v14h-4z" />
  </Icon>
);

export const PreviousIcon = () => (
  <Icon>
    <path d="M6 6h2v12H6zM9.5 12 18 18V6z" />
  </Icon>
);

export const NextIcon = () => (
  <Icon>
    <path d="M16 6h2v12h-2zM6 18l8.5-6L6 6z" />
  </Icon>
);

/** A circle turning back (anticlockwise), room left in its middle for the seconds. */
export const SkipBackIcon = () => (
  <Icon filled={false}>
    <path d="M12 5a8 8 0 1 1-6.93 4" />
    <path d="M12 2 8.5 5 12 8" />
  </Icon>
);

/** A circle turning forward (clockwise), room left in its middle for the seconds. */
export const SkipForwardIcon = () => (
  <Icon filled={false}>
    <path d="M12 5a8 8 0 1 0 6.93 4" />
    <path d="M12 2l3.5 3L12 8" />
  </Icon>
);

export const ExpandIcon = () => (
  <Icon filled={false}>
    <path d="m6 15 6-6 6 6" />
  </Icon>
);

export const CollapseIcon = () => (
  <Icon filled={false}>
    <path d="m6 9 6 6 6-6" />
  </Icon>
);

export const CloseIcon = () => (
  <Icon filled={false}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Icon>
);
