import SensorsIcon from '@mui/icons-material/Sensors';
import SensorsOffIcon from '@mui/icons-material/SensorsOff';
import { Box, Tooltip } from '@mui/material';
import { LIVE_STATUS_TEXT } from '@console/contracts';
import { useLiveStatus } from './LiveProvider';

/** The top bar's sign of the live stream: live, (re)connecting or paused; its words in the tooltip. */
export function LiveIndicator() {
  const status = useLiveStatus();
  const text = LIVE_STATUS_TEXT[status];
  return (
    <Tooltip title={text}>
      <Box
        component="span"
        role="status"
        aria-label={text}
        tabIndex={0}
        data-testid="live-indicator"
        data-status={status}
        sx={{ display: 'inline-flex', alignItems: 'center', p: 1, color: status === 'live' ? 'success.main' : status === 'reconnecting' ? 'warning.main' : 'text.disabled' }}
      >
        {status === 'live' ? <SensorsIcon fontSize="small" /> : <SensorsOffIcon fontSize="small" />}
      </Box>
    </Tooltip>
  );
}
