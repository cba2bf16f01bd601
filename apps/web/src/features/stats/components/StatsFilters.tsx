import { Box } from '@mui/material';
import { format } from 'date-fns';
import type { ReactNode } from 'react';
import type { QueryValue } from '../../../api/build-query';
import { DateField } from '../../../ui/form/DateField';
import { PagingPicker } from '../../../ui/picker/PagingPicker';
import type { OptionSource } from '../../../ui/picker/option-sources';
import type { StatsTableState } from './stats-table';

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
 * The statistics tables' filters: the rows to show (profiles or accounts, several, under the list's
 * `idsKey` filter), the created-from and created-until dates, and the list's own extra filters; `actions`
 * sit at the right end (the Export button).
 */
export function StatsFilters({ table, idsKey, label, source, children, actions }: {
  table: StatsTableState;
  idsKey: string;
  label: string;
  /** The rows to pick from, searched and paged; none when the group may not filter by them. */
  source?: OptionSource;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  const ids = table.params.filters[idsKey] ?? '';
  const picked = ids ? ids.split(',').map(Number) : [];
  const from = table.params.filters.created_at__gte ?? '';
  const until = table.filters.created_at__lte;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', width: '100%' }}>
      {source && (
        <PagingPicker
          {...source}
          multiple
          label={label}
          value={picked}
          onChange={(next) => table.set({ [idsKey]: next.map((o) => o.id).join(',') })}
          sx={{ minWidth: 220, flex: '1 1 220px', maxWidth: 420 }}
          testId="stats-rows-filter"
        />
      )}
      {children}
      <DateField type="date" label="Created from" value={from} onChange={(value) => table.set({ created_at__gte: value, created_at__lte: until })} />
      <DateField type="date" label="Created until" value={until} onChange={(value) => table.set({ created_at__gte: from, created_at__lte: value })} />
      <Box sx={{ flex: 1 }} />
      {actions}
    </Box>
  );
}
