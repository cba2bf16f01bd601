import { Box, Button, Collapse, Typography } from '@mui/material';
import { useState } from 'react';
import { EMPTY_VALUE, MM_PROFILE_UI, type NamedRef } from '@console/contracts';

/** At most two strategy profiles in the row; the rest unfold on demand. */
export function StrategyProfilesCell({ profiles }: { profiles: readonly NamedRef[] }) {
  const [open, setOpen] = useState(false);
  if (profiles.length === 0) return <>{EMPTY_VALUE}</>;
  const shown = profiles.slice(0, MM_PROFILE_UI.profilesShown);
  const rest = profiles.slice(MM_PROFILE_UI.profilesShown);
  const line = (profile: NamedRef) => (
    <Typography key={profile.id} variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {profile.title}
    </Typography>
  );
  return (
    <Box>
      {shown.map(line)}
      {rest.length > 0 && (
        <>
          <Collapse in={open}>{rest.map(line)}</Collapse>
          <Button size="small" sx={{ px: 0, minWidth: 0 }} onClick={() => setOpen(!open)}>
            {open ? 'Show less' : `+${rest.length} more`}
          </Button>
        </>
      )}
    </Box>
  );
}
