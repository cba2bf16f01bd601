import { Box, Tooltip, type Breakpoint, type SxProps, type Theme } from '@mui/material';
import { useRef, useState } from 'react';
import { EMPTY_VALUE, formatAccountTitle } from '@console/contracts';

/** How wide a cut value may grow in a table cell: narrow on a phone, so the other columns stay in reach. */
export const CELL_TEXT_MAX_WIDTH = { xs: 160, sm: 240, md: 320, lg: 480 } as const;

interface EllipsisTextProps {
  text: string;
  /** How the text is shown before any width cut (an account title is cut at 35 characters). */
  format?: (text: string) => string;
  /** Wider than this the text is cut with an ellipsis; by default the width its container gives it. */
  maxWidth?: number | string | Partial<Record<Breakpoint, number | string>>;
  sx?: SxProps<Theme>;
}

/**
 * One line of a long value (an email, ticker, title) cut with an ellipsis. When it is cut, hovering
 * shows the whole of it, and so does a tap on a touch screen; when it fits, nothing pops up.
 */
export function EllipsisText({ text, format, maxWidth = '100%', sx }: EllipsisTextProps) {
  const ref = useRef<HTMLSpanElement>(null);
  const [open, setOpen] = useState(false);
  const shown = format ? format(text) : text;
  const isCut = () => shown !== text || (ref.current !== null && ref.current.scrollWidth > ref.current.clientWidth);
  return (
    <Tooltip
      title={text}
      open={open}
      onOpen={() => setOpen(isCut())}
      onClose={() => setOpen(false)}
      // The whole value describes the cut one while it shows; it is not made the element's label,
      // which would also leak into every label lookup of the page.
      describeChild
      enterTouchDelay={0}
      leaveTouchDelay={4000}
      slotProps={{ tooltip: { sx: { overflowWrap: 'anywhere' } } }}
    >
      <Box
        component="span"
        ref={ref}
        // With describeChild MUI also copies the value into a native title, a second tooltip even when nothing is cut.
        title={undefined}
        // A tap opens it too: the tooltip's own touch handling needs a press longer than a quick tap.
        onClick={() => setOpen(isCut())}
        sx={[{ display: 'block', minWidth: 0, maxWidth, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }, ...(Array.isArray(sx) ? sx : [sx])]}
      >
        {shown}
      </Box>
    </Tooltip>
  );
}

/** An exchange account's title wherever it shows: cut as formatAccountTitle cuts it, the whole of it on hover or tap. */
export function AccountTitle({ title, maxWidth, sx }: { title: string | null | undefined; maxWidth?: EllipsisTextProps['maxWidth']; sx?: SxProps<Theme> }) {
  if (!title) return <>{EMPTY_VALUE}</>;
  return <EllipsisText text={title} format={formatAccountTitle} maxWidth={maxWidth} sx={sx} />;
}
