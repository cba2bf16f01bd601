import { Box, Button, FormControlLabel, Switch, TextField } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { canRead, mayFilterBy, SIGNALS_UI, type ListQueryAccess, type Perm } from '@console/contracts';
import { useApiClient, useAuthState } from '../../api/context';
import { PagingPicker } from '../picker/PagingPicker';
import { pairSource, strategyProfileSource, type OptionSource } from '../picker/option-sources';
import { ALL, SelectFilter } from '../table/SelectFilter';
import type { TableParams } from '../table/use-table-params';

/** Every filter key the signals and orders tables keep in the query string. */
export const TRADING_FILTER_KEYS = ['profile', 'pair', 'status', 'created_at_after', 'created_at_before', 'show_missed', 'show_unfilled'] as const;
type FilterKey = (typeof TRADING_FILTER_KEYS)[number];
type Draft = Partial<Record<FilterKey, string>>;

// On a phone the fields share the line's width (one or two to a line), from a tablet up their own width.
const FIELD_SX = { flex: { xs: '1 1 140px', sm: '0 0 160px' }, minWidth: 0 } as const;

interface TradingFiltersProps {
  params: TableParams;
  perm: Perm;
  access: ListQueryAccess;
  statuses: readonly { value: string; label: string }[];
  /** The signals table's switches 'Missed' and 'Unfilled'. */
  switches?: { missed: string; unfilled: string };
  /** A profile the table is fixed to (a strategy profile's own tabs): no profile filter then. */
  fixedProfile?: number;
  /** More buttons after Apply (the export). */
  actions?: ReactNode;
}

/**
 * The filter bar of the signals and orders tables: the choices are a draft until Apply puts them in
 * the query string. A filter the group may not use (Limited) is not offered; the profile and pair
 * pickers need the sections their options come from.
 */
export function TradingFilters({ params, perm, access, statuses, switches, fixedProfile, actions }: TradingFiltersProps) {
  const { user } = useAuthState();
  const may = (key: FilterKey) => mayFilterBy(perm, access, key);
  const showProfile = fixedProfile === undefined && may('profile') && canRead(user?.group, 'profiles');
  const showPair = may('pair') && canRead(user?.group, 'pairs');
  const client = useApiClient();
  const [draft, setDraft] = useState<Draft>(params.filters);
  // Back and forward (or a link) change the query string: the draft follows it.
  const applied = JSON.stringify(params.filters);
  const [seen, setSeen] = useState(applied);
  if (seen !== applied) {
    setSeen(applied);
    setDraft(params.filters);
  }
  const set = (key: FilterKey) => (value: string) => setDraft((previous) => ({ ...previous, [key]: value }));

  const select = (key: FilterKey, label: string, options: readonly { value: string; label: string }[]) => (
    <SelectFilter label={label} value={draft[key]} onChange={set(key)} options={options} sx={FIELD_SX} testId={`filter-${key}`} />
  );
  const date = (key: FilterKey, label: string) => (
    <TextField
      type="date"
      size="small"
      label={label}
      value={draft[key] ?? ''}
      onChange={(event) => set(key)(event.target.value)}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={FIELD_SX}
      data-testid={`filter-${key}`}
    />
  );
  const toggle = (key: FilterKey, label: string) => (
    <FormControlLabel
      label={label}
      control={<Switch checked={draft[key] === 'true'} onChange={(event) => set(key)(event.target.checked ? 'true' : '')} />}
    />
  );
  // Profiles and pairs are long lists: searched and paged as the list is scrolled.
  const picker = (key: FilterKey, label: string, source: OptionSource) => (
    <PagingPicker
      {...source}
      label={label}
      placeholder="All"
      value={draft[key] ? Number(draft[key]) : null}
      onChange={(option) => set(key)(option ? String(option.id) : ALL)}
      sx={{ flex: { xs: '1 1 140px', sm: '0 0 200px' }, minWidth: 0 }}
      testId={`filter-${key}`}
    />
  );

  return (
    <Box component="form" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }} onSubmit={(event) => {
      event.preventDefault();
      params.setFilters(fixedProfile === undefined ? draft : { ...draft, profile: undefined });
    }}>
      {showProfile && picker('profile', 'Profile', strategyProfileSource(client))}
      {showPair && picker('pair', 'Pairs', pairSource(client))}
      {may('status') && select('status', 'Status', statuses)}
      {may('created_at_after') && date('created_at_after', 'Date from')}
      {may('created_at_before') && date('created_at_before', 'Date until')}
      {switches && may('show_missed') && toggle('show_missed', switches.missed)}
      {switches && may('show_unfilled') && toggle('show_unfilled', switches.unfilled)}
      <Button type="submit" variant="contained">
        {SIGNALS_UI.apply}
      </Button>
      {actions}
    </Box>
  );
}
