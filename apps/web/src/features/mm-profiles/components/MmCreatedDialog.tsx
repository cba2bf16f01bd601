import { Button, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';
import { MM_PROFILE_UI } from '@console/contracts';
import { ResponsiveDialog } from '../../../ui/dialog/ResponsiveDialog';

/** After a new profile is saved: stay for another, or back to the list. */
export function MmCreatedDialog({ onStay, onBack }: { onStay: () => void; onBack: () => void }) {
  const dialogTitleId = useId();
  return (
    <ResponsiveDialog open aria-labelledby={dialogTitleId} maxWidth="xs" fullWidth>
      <DialogTitle id={dialogTitleId}>MM profile created</DialogTitle>
      <DialogContent>
        <DialogContentText>The MM profile is saved, inactive.</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onStay}>{MM_PROFILE_UI.stayOnPage}</Button>
        <Button variant="contained" onClick={onBack}>
          {MM_PROFILE_UI.backToProfiles}
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
