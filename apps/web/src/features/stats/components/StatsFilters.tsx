import { Box, TextField } from '@mui/material';
import { format } from 'date-fns';
import type { ReactNode } from 'react';
import type { QueryValue } from '../../../api/build-query';
import { PagingPicker } from '../../../ui/picker/PagingPicker';
import type { OptionSource } from '../../../ui/picker/option-sources';

/** Today as a date field holds it (YYYY-MM-DD, local). */
const today = () => format(new Date(), 'yyyy-MM-dd');

/**
 * The statistics lists' query with their default 'created until': today, while none is picked. The
 * table, its export and the filter bar all read this one.
 */
export function withDefaultUntil<Q extends Record<string, QueryValue>>(query: Q): Q & { created_at__lte: string } {
  return { ...query, created_at__lte: query.created_at__lte ? String(query.created_at__lte) : today() };
}

/**
 * The statistics tables' filters: the rows to show (profiles or accounts, several), the created-from and
 * created-until dates, and the list's own extra filters; `actions` sit at the right end (the Export button).
 */
export function StatsFilters(props: {
  label: string;
  /** The rows to pick from, searched and paged; none when the group may not filter by them. */
  source?: OptionSource;
  ids: string;
  onIds: (ids: string) => void;
  from: string;
  until: string;
  onDates: (from: string, until: string) => void;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  const picked = props.ids ? props.ids.split(',').map(Number) : [];
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', width: '100%' }}>
      {props.source && (
        <PagingPicker
          {...props.source}
          multiple
          label={props.label}
          value={picked}
          onChange={(next) => props.onIds(next.map((o) => o.id).join(','))}
          sx={{ minWidth: 220, flex: '1 1 220px', maxWidth: 420 }}
          testId="stats-rows-filter"
        />
      )}
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
