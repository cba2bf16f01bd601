import { Dialog, useMediaQuery, useTheme, type DialogProps } from '@mui/material';

/**
 * A dialog that fills the screen below `sm` (phones), where a centred card would leave a few pixels
 * of margin round cramped fields; from `sm` up it is the usual card.
 */
export function ResponsiveDialog({ sx, ...props }: DialogProps) {
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  return (
    <Dialog
      fullScreen={fullScreen}
      // A form wrapping title, content and actions stretches too, so the actions sit at the bottom.
      sx={[{ '& .MuiDialog-paperFullScreen > form': { display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 } }, ...(Array.isArray(sx) ? sx : [sx])]}
      {...props}
    />
  );
}
