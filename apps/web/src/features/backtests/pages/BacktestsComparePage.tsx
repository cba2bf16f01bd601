import { Alert, Box, Button, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { BACKTEST_FIGURE_COLUMNS, BACKTEST_LIMITS, isFieldAllowed, pathTo, permOf } from '@console/contracts';
import { useAuthState } from '../../../api/context';
import { PageTitle } from '../../../ui/PageTitle';
import { useBacktestsByIds } from '../api/get-backtest';
import { useBacktestEquities } from '../api/get-backtest-equity';
import { returnCurve } from '../components/curves';
import { CurvesChart } from '../components/CurvesChart';
import { figureText } from '../components/FiguresGrid';

/** The runs named by `?ids=1,2,3`, at most BACKTEST_LIMITS.compareMax of them, each once. */
export function compareIdsOf(text: string | null): string[] {
  const ids = (text ?? '').split(',').filter((id) => /^\d+$/.test(id));
  return [...new Set(ids)].slice(0, BACKTEST_LIMITS.compareMax);
}

/** Compare: 2–6 runs' figures side by side and their returns on one chart. */
export function BacktestsComparePage() {
  const [search] = useSearchParams();
  const ids = compareIdsOf(search.get('ids'));
  const { user } = useAuthState();
  const seesCurve = isFieldAllowed(permOf(user?.group, 'backtests'), 'equity');
  const runs = useBacktestsByIds(ids);
  const equities = useBacktestEquities(ids, seesCurve);
  const label = (index: number) => `#${ids[index]} ${runs[index]?.data?.profile ?? ''}`.trim();
  const curves = ids.flatMap((_, index) => {
    const deposit = runs[index]?.data?.inputs?.deposit;
    const equity = equities[index]?.data;
    return deposit && equity?.length ? [{ name: label(index), points: returnCurve(deposit, equity) }] : [];
  });

  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <PageTitle>Compare backtests</PageTitle>
        <Button component={RouterLink} to={pathTo('backtests')}>
          All backtests
        </Button>
      </Stack>
      {ids.length < BACKTEST_LIMITS.compareMin ? (
        <Alert severity="info">{`Pick ${BACKTEST_LIMITS.compareMin} to ${BACKTEST_LIMITS.compareMax} runs on the Backtests list to compare them.`}</Alert>
      ) : (
        <>
          <TableContainer component={Paper} variant="outlined" data-testid="compare-figures">
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>Figure</TableCell>
                  {ids.map((id, index) => (
                    <TableCell key={id} align="right">
                      <RouterLink to={pathTo('backtest', { id })}>{label(index)}</RouterLink>
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {BACKTEST_FIGURE_COLUMNS.map((column) => (
                  <TableRow key={column.field} hover>
                    <TableCell>{column.header}</TableCell>
                    {ids.map((id, index) => (
                      <TableCell key={id} align="right">
                        {figureText(runs[index]?.data?.figures, column)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {seesCurve && (
            <Box component="section" aria-label="Returns">
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                Returns on the deposit
              </Typography>
              <CurvesChart curves={curves} testId="compare-chart" />
            </Box>
          )}
        </>
      )}
    </Stack>
  );
}
