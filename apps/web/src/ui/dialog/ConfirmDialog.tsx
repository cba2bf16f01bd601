import { Button, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { ResponsiveDialog } from './ResponsiveDialog';
import { useId } from 'react';

/** Asks before a destructive action; `onConfirm` runs only on the confirming button. */
export function ConfirmDialog({ title, text, confirmLabel, onConfirm, onClose }: { title: string; text: string; confirmLabel: string; onConfirm: () => void; onClose: () => void }) {
  const titleId = useId();
  return (
    <ResponsiveDialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          color="error"
          variant="contained"
          onClick={() => {
            onClose();
            onConfirm();
          }}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
