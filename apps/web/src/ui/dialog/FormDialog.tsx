import { Button, DialogActions, DialogContent, DialogTitle, type DialogProps } from '@mui/material';
import { useId, type FormEvent, type ReactNode } from 'react';
import { ResponsiveDialog } from './ResponsiveDialog';

interface FormDialogProps {
  title: ReactNode;
  onClose: () => void;
  /** The form's submit (react-hook-form's handleSubmit result). */
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  submitLabel: string;
  /** Disables the submit button while the request runs. */
  submitting: boolean;
  maxWidth?: DialogProps['maxWidth'];
  children: ReactNode;
}

/**
 * A form in a dialog: title, fields, Cancel and the submit button, full screen on a phone. The fields
 * validate themselves (noValidate leaves the browser's own bubbles out).
 */
export function FormDialog({ title, onClose, onSubmit, submitLabel, submitting, maxWidth = 'xs', children }: FormDialogProps) {
  const titleId = useId();
  return (
    <ResponsiveDialog open onClose={onClose} aria-labelledby={titleId} maxWidth={maxWidth} fullWidth>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={submitting}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </ResponsiveDialog>
  );
}
