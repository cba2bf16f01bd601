import { Alert, Box, CircularProgress, Paper, Typography } from '@mui/material';
import { columnsFor, permOf, PROFILE_STATS_RESOURCE, STATS_UI } from '@console/contracts';
import { useAuthState } from '../../../api/context';
import { normaliseError } from '../../../api/errors';
import { cellText } from '../../../ui/table/declared-columns';
import { HintedLabel } from '../../../ui/text/HintedLabel';
import { useProfileStats } from '../api/get-profile-stats';

/**
 * One strategy profile's statistics row (the profile page's Statistics tab): each figure the user's
 * group may see, as a grid of labelled values.
 */
export function ProfileStats({ profileId }: { profileId: number }) {
  const { user } = useAuthState();
  const perm = permOf(user?.group, 'profiles_stats');
  const stats = useProfileStats(profileId);
  if (stats.isPending) return <CircularProgress size={24} />;
  if (stats.error) return <Alert severity="error">{normaliseError(stats.error)}</Alert>;
  const row = stats.data.results[0];
  if (!row) return <Typography color="text.secondary">{STATS_UI.strategyEmpty}</Typography>;
  // The figures (the columns on a tab), not the profile's own names.
  const figures = columnsFor(PROFILE_STATS_RESOURCE, perm).filter((c) => c.tab !== undefined && c.field in row);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="profile-stats">
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 2 }}>
        {figures.map((c) => (
          <Box key={c.field}>
            <Typography variant="caption" color="text.secondary" component="div">
              <HintedLabel hint={c.hint}>{c.header}</HintedLabel>
            </Typography>
            <Typography variant="body1">{cellText(c, row)}</Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
