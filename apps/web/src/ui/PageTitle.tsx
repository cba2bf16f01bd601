import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <Typography variant="h5" component="h1" sx={{ mb: 2, fontWeight: 600 }}>
      {children}
    </Typography>
  );
}

/** A page's title with its actions on the right; the actions wrap below the title on a narrow screen. */
export function PageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', columnGap: 2, rowGap: 1, mb: 2, '& h1': { mb: 0 } }}>
      <PageTitle>{title}</PageTitle>
      {children}
    </Box>
  );
}
