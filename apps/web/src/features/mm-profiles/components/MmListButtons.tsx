import { Box, Button, Tooltip } from '@mui/material';
import { MM_PROFILE_UI } from '@console/contracts';
import type { MmListActions } from './mm-rules';

interface Props {
  actions: MmListActions;
  /** Re-invest waits for the current auto-deposit setting. */
  reinvestReady: boolean;
  onDialog: (dialog: 'deposit' | 'reinvest') => void;
  onAdd: () => void;
}

/** The list's header buttons: the deposit operations and Add, as the group may use them. */
export function MmListButtons({ actions, reinvestReady, onDialog, onAdd }: Props) {
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {actions.deposit && (
        <>
          {/* The re-invest rule is a tooltip of its button (a span holds it while the button is disabled) and of the X field. */}
          <Tooltip title={MM_PROFILE_UI.reinvestTooltip}>
            <span>
              <Button variant="outlined" disabled={!reinvestReady} onClick={() => onDialog('reinvest')}>
                {MM_PROFILE_UI.reinvestDaily}
              </Button>
            </span>
          </Tooltip>
          <Button variant="outlined" onClick={() => onDialog('deposit')}>
            {MM_PROFILE_UI.changeDeposit}
          </Button>
        </>
      )}
      {actions.form && (
        <Button variant="contained" onClick={onAdd}>
          Add
        </Button>
      )}
    </Box>
  );
}
