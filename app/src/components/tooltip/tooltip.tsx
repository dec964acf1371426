// A short text naming an icon-only control on hover or keyboard focus: Radix's tooltip with the delays of
// spec §9, sharing one provider so moving between controls skips the delay.
import { createContext, useContext, type ReactElement, type ReactNode } from 'react';
import * as RadixTooltip from '@radix-ui/react-tooltip';
import './tooltip.css';

/** Spec §9 (Radix's defaults): hover this long before a tooltip shows… */
export const tooltipDelayMs = 700;
/** …and, once one has shown, move to the next control within this time and it shows at once. */
export const tooltipSkipDelayMs = 300;

const InProvider = createContext(false);

/** One timing for all tooltips below it (a layout wraps its page chrome in one). */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={tooltipDelayMs} skipDelayDuration={tooltipSkipDelayMs}>
      <InProvider.Provider value={true}>{children}</InProvider.Provider>
    </RadixTooltip.Provider>
  );
}

/**
 * `children` is one focusable element (an icon button) whose accessible name is `label`. A touch
 * neither hovers nor focuses-to-open (Radix ignores touch pointers), so a tap never leaves a tooltip
 * behind. Where the browser lacks ResizeObserver (which placing the tooltip needs) the control
 * shows alone: its name is still there.
 */
export function Tooltip({ label, children }: { label: string; children: ReactElement }) {
  const inProvider = useContext(InProvider);
  if (typeof ResizeObserver === 'undefined') return children;
  const tooltip = (
    <RadixTooltip.Root>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content className="tooltip" sideOffset={6} collisionPadding={8}>
          {label}
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
  return inProvider ? tooltip : <TooltipProvider>{tooltip}</TooltipProvider>;
}
