import { Alert, Box, CircularProgress, Paper, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { API_PATHS, isFieldAllowed, permOf, STATS_UI, type Paginated } from '@console/contracts';
import { useApiClient, useAuthState } from '../../api/context';
import { normaliseError } from '../../api/errors';
import { FIGURE_COLUMNS, formatFigure, RISK_COLUMNS, type ProfileStatsRow } from './stats-types';

/**
 * One strategy profile's statistics row (the profile page's Statistics tab): each figure the user's
 * group may see, as a grid of labelled values.
 */
export function ProfileStats({ profileId }: { profileId: number }) {
  const client = useApiClient();
  const { user } = useAuthState();
  const perm = permOf(user?.group, 'profiles_stats');
  const stats = useQuery({
    queryKey: ['profiles-stats', 'one', profileId],
    queryFn: () => client.get<Paginated<ProfileStatsRow>>(API_PATHS.profilesStats, { params: { profile_id__in: String(profileId) } }),
  });
  if (stats.isPending) return <CircularProgress size={24} />;
  if (stats.error) return <Alert severity="error">{normaliseError(stats.error)}</Alert>;
  const row = stats.data.results[0];
  if (!row) return <Typography color="text.secondary">{STATS_UI.strategyEmpty}</Typography>;
  const figures = [...FIGURE_COLUMNS, ...RISK_COLUMNS].filter((c) => isFieldAllowed(perm, c.field) && c.field in row);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="profile-stats">
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 2 }}>
        {figures.map((c) => (
          <Box key={c.field}>
            <Typography variant="caption" color="text.secondary">
              {c.header}
            </Typography>
            <Typography variant="body1">{formatFigure(row[c.field] as number | null | undefined, c.kind)}</Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
