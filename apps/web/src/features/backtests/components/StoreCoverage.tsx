import { Box, CircularProgress, Typography } from '@mui/material';
import { canRead, type CandleCoverageRow } from '@console/contracts';
import { useAuthState } from '../../../api/context';
import { formatDateTime } from '../../../ui/format/date';
import { useCandleCoverage } from '../../market-data';
import { useStrategyProfile } from '../../strategy-profiles';
import { useExchangeAccounts } from '../../system-settings';

/**
 * The store's coverage lines of the symbols: on the exchange when it is known, else on every exchange
 * that holds them (each line names its exchange); a symbol no row holds says so.
 */
export function coverageLines(rows: readonly CandleCoverageRow[], symbols: readonly string[], exchange: string | null): string[] {
  return symbols.flatMap((symbol) => {
    const held = rows.filter((r) => r.symbol === symbol && (exchange === null || r.exchange === exchange));
    if (!held.length) return [`${symbol}: no stored candles${exchange ? ` on ${exchange}` : ''}`];
    return held.map((r) => {
      const gaps = r.gaps === 0 ? 'no gaps' : `${r.gaps} ${r.gaps === 1 ? 'gap' : 'gaps'}`;
      return `${symbol}${exchange ? '' : ` on ${r.exchange}`}: ${formatDateTime(r.first_minute)} – ${formatDateTime(r.last_minute)}, ${gaps}`;
    });
  });
}

/**
 * What the candle store holds of the run's pairs (the picked ones, else the profile's) on the exchange of
 * the profile's account. The coverage is the market data section's: a group that cannot read it is shown
 * nothing (the API still refuses a period the store lacks, naming it), and one that cannot read the
 * exchange accounts sees every exchange's lines.
 */
export function StoreCoverage({ profileId, pairSymbols }: { profileId: number | null; pairSymbols: readonly string[] }) {
  const { user } = useAuthState();
  if (!canRead(user?.group, 'market_data')) return null;
  return <CoverageOf profileId={profileId} pairSymbols={pairSymbols} readsAccounts={canRead(user?.group, 'exchange_account')} />;
}

function CoverageOf({ profileId, pairSymbols, readsAccounts }: { profileId: number | null; pairSymbols: readonly string[]; readsAccounts: boolean }) {
  const coverage = useCandleCoverage();
  const profile = useStrategyProfile(profileId);
  const accounts = useExchangeAccounts(readsAccounts);
  const accountId = profile.data?.exchange_account?.id;
  const exchange = accounts.data?.results.find((a) => a.id === accountId)?.exchange ?? null;
  const symbols = pairSymbols.length ? pairSymbols : (profile.data?.pairs ?? []);
  // Lines are drawn once the exchange is known (or cannot be), so they never change from every exchange's to one's.
  const ready = coverage.data && !profile.isLoading && !accounts.isLoading ? coverage.data : null;
  if (coverage.error) return null;
  return (
    <Box data-testid="backtest-coverage" sx={{ px: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {exchange ? `Stored candles on ${exchange}` : 'Stored candles'}
      </Typography>
      {!ready && <CircularProgress size={20} />}
      {ready && !symbols.length && (
        <Typography variant="body2">Choose a profile or pairs to see what the store holds of them.</Typography>
      )}
      {ready &&
        coverageLines(ready, symbols, exchange).map((line) => (
          <Typography key={line} variant="body2" data-testid="backtest-coverage-line">
            {line}
          </Typography>
        ))}
    </Box>
  );
}
