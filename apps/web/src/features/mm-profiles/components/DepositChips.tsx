import { Box, Chip } from '@mui/material';
import type { MmDepositInfo } from '@console/contracts';
import { useDepositInfo } from '../api/get-deposit-info';

const CHIPS: { field: keyof MmDepositInfo; label: string }[] = [
  { field: 'ideo_r_long', label: 'IDEO-R long' },
  { field: 'ideo_r_short', label: 'IDEO-R short' },
  { field: 'mm_asset_sum', label: 'MM asset sum' },
  { field: 'mm_deposit', label: 'MM deposit' },
];

const money = (value: number) => value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The deposit-info row (the chips the group sees); left out entirely when it cannot be loaded. */
export function DepositChips() {
  const info = useDepositInfo();
  if (!info.data) return null;
  const data = info.data;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }} data-testid="deposit-chips">
      {CHIPS.filter(({ field }) => data[field] !== undefined).map(({ field, label }) => (
        <Chip key={field} variant="outlined" label={`${label}: ${money(Number(data[field]))}`} data-testid={`deposit-${field}`} />
      ))}
    </Box>
  );
}
