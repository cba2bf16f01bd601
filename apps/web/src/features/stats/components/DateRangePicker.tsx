import { Box, Button, Divider, MenuItem, MenuList, Popover } from '@mui/material';
import { useState } from 'react';
import { MONTHS_PRESETS, monthsPresetRange, STATS_UI, type MonthsPreset } from '@console/contracts';
import { DateField } from '../../../ui/form/DateField';
import { formatDate } from '../../../ui/format/date';

export interface MonthsRange {
  date_from?: string;
  date_to?: string;
  /** The preset that made it, for the button's text. */
  preset?: MonthsPreset;
}

/** 'Pick Date Range': the presets, or a custom range applied with Apply (disabled until both dates are set). */
export function DateRangePicker({ value, onChange }: { value: MonthsRange; onChange: (range: MonthsRange) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [from, setFrom] = useState(value.date_from ?? '');
  const [to, setTo] = useState(value.date_to ?? '');
  const label = value.preset ?? (value.date_from && value.date_to ? `${formatDate(value.date_from)} – ${formatDate(value.date_to)}` : STATS_UI.pickDateRange);
  const pick = (range: MonthsRange) => {
    onChange(range);
    setAnchor(null);
  };
  return (
    <>
      <Button variant="outlined" onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="dialog" data-testid="date-range-button">
        {label}
      </Button>
      <Popover open={anchor !== null} anchorEl={anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap' }}>
          <MenuList dense sx={{ minWidth: 170 }}>
            {MONTHS_PRESETS.map((preset) => (
              <MenuItem key={preset} onClick={() => pick({ ...(monthsPresetRange(preset, new Date()) ?? {}), preset })}>
                {preset}
              </MenuItem>
            ))}
          </MenuList>
          <Divider orientation="vertical" flexItem />
          <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 200 }}>
            <DateField type="date" label="From" value={from} onChange={setFrom} />
            <DateField type="date" label="To" value={to} onChange={setTo} />
            <Button variant="contained" disabled={!from || !to || from > to} onClick={() => pick({ date_from: from, date_to: to })}>
              {STATS_UI.apply}
            </Button>
          </Box>
        </Box>
      </Popover>
    </>
  );
}
