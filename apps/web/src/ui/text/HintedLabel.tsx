import { Box, Tooltip, type TooltipProps } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';

/** The dotted underline that tells a label has a tooltip of its meaning. */
export const HINTED_TEXT_SX = { textDecoration: 'underline dotted', textUnderlineOffset: '3px', cursor: 'help' } as const;

/**
 * A tooltip of a label's meaning (a statistics figure's formula and basis) around `children`, which must
 * take a ref: shown on hover and keyboard focus, and on a tap on a touch screen. The text describes the
 * label rather than renaming it, so the header keeps its own name for screen readers and lookups.
 */
export function HintTooltip({ hint, children }: { hint: string; children: ReactElement<{ title?: string }> }) {
  const props: Omit<TooltipProps, 'children'> = { title: hint, describeChild: true, enterTouchDelay: 0, leaveTouchDelay: 6000 };
  return <Tooltip {...props}>{children}</Tooltip>;
}

/** A header or label with its meaning in a tooltip; without a hint, the text alone. */
export function HintedLabel({ hint, children }: { hint?: string; children: ReactNode }) {
  if (!hint) return <>{children}</>;
  return (
    <HintTooltip hint={hint}>
      {/* Focusable so a keyboard reaches the meaning too; no native title beside the tooltip. */}
      <Box component="span" tabIndex={0} title={undefined} sx={HINTED_TEXT_SX}>
        {children}
      </Box>
    </HintTooltip>
  );
}
