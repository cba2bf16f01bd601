import { Box, CircularProgress } from '@mui/material';

export function FullScreenLoader() {
  return (
    <Box
      role="progressbar"
      aria-label="Loading"
      data-testid="full-screen-loader"
      sx={{ position: 'fixed', inset: 0, display: 'grid', placeItems: 'center', bgcolor: 'background.default' }}
    >
      <CircularProgress aria-hidden />
    </Box>
  );
}
