import { Autocomplete, Box, TextField } from '@mui/material';
import type { ReactNode } from 'react';

interface Option {
  id: number;
  /** Absent for a Limited group that does not see the title: the lookup answers ids only. */
  title?: string;
}

/**
 * The statistics tables' filters: the rows to show (profiles or accounts, several), the created-from and
 * created-until dates, and the list's own extra filters; `actions` sit at the right end (the Export button).
 */
export function StatsFilters(props: {
  label: string;
  options: readonly Option[];
  ids: string;
  onIds: (ids: string) => void;
  from: string;
  until: string;
  onDates: (from: string, until: string) => void;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  const picked = props.ids ? props.ids.split(',').map(Number) : [];
  const value = props.options.filter((o) => picked.includes(o.id));
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', width: '100%' }}>
      <Autocomplete
        multiple
        size="small"
        options={props.options as Option[]}
        value={value}
        getOptionLabel={(o) => o.title ?? `#${o.id}`}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onChange={(_, next) => props.onIds(next.map((o) => o.id).join(','))}
        renderInput={(params) => <TextField {...params} label={props.label} />}
        sx={{ minWidth: 220, flex: '1 1 220px', maxWidth: 420 }}
      />
      {props.children}
      <TextField
        size="small"
        type="date"
        label="Created from"
        value={props.from}
        onChange={(e) => props.onDates(e.target.value, props.until)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        size="small"
        type="date"
        label="Created until"
        value={props.until}
        onChange={(e) => props.onDates(props.from, e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Box sx={{ flex: 1 }} />
      {props.actions}
    </Box>
  );
}
