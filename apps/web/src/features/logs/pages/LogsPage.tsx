import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { isFieldAllowed, LABELS, LOG_TYPES, MESSAGES, PAGE_SIZES, permOf } from '@console/contracts';
import { useAuthState } from '../../../api/context';
import { formatDateTime } from '../../../ui/format/date';
import { PageTitle } from '../../../ui/PageTitle';
import { CELL_TEXT_MAX_WIDTH, EllipsisText } from '../../../ui/text/EllipsisText';
import { DataTable, type Column } from '../../../ui/table/DataTable';
import { useTableParams } from '../../../ui/table/use-table-params';
import type { FilterOption } from '../api/get-log-filter-options';
import { useLogs, type LogRow } from '../api/get-logs';
import { FilterOptionPicker } from '../components/FilterOptionPicker';

const FILTER_KEYS = ['type', 'pair', 'profile', 'signal_id'] as const;

const COLUMNS: (Column<LogRow> & { needs: string })[] = [
  { field: 'id', header: 'ID', needs: 'id' },
  { field: 'created_at', header: 'Date & time', needs: 'created_at', render: (r) => formatDateTime(r.created_at) },
  { field: 'event_type', header: 'Event', needs: 'event_type', render: (r) => `${r.type ?? ''} ${r.event_type ?? ''}`.trim() || '-' },
  { field: 'pair_name', header: 'Pair', needs: 'pair_name', render: (r) => <EllipsisText text={r.pair_name ?? '-'} maxWidth={CELL_TEXT_MAX_WIDTH} /> },
  { field: 'profile_title', header: 'Profile', needs: 'profile_title', render: (r) => <EllipsisText text={r.profile_title ?? '-'} maxWidth={CELL_TEXT_MAX_WIDTH} /> },
  {
    field: 'signal_id',
    header: 'Signal',
    needs: 'signal_id',
    render: (r) => (r.signal_id ? <RouterLink to={`?signal_id=${r.signal_id}`}>{r.signal_id}</RouterLink> : '-'),
  },
  { field: 'order_id', header: 'Order', needs: 'order_id', render: (r) => r.order_id ?? '-' },
  { field: 'log_data', header: 'Message', needs: 'log_data', render: (r) => <LogMessage data={r.log_data} /> },
];

/** 'Logs dashboard': filters in the query string, Apply, the columns the group opens. */
export function LogsPage() {
  const { user } = useAuthState();
  const perm = permOf(user?.group, 'logs');
  const params = useTableParams(PAGE_SIZES.logs, FILTER_KEYS);
  const logs = useLogs(params.query);
  const fromUrl = () => ({
    draft: { type: params.filters.type ?? '', signal_id: params.filters.signal_id ?? '' },
    // From the query string only the ids are known; the pickers fetch their names.
    pair: params.filters.pair ? { id: Number(params.filters.pair), name: '' } : null,
    profile: params.filters.profile ? { id: Number(params.filters.profile), name: '' } : null,
  });
  const [draft, setDraft] = useState(() => fromUrl().draft);
  const [pair, setPair] = useState<FilterOption | null>(() => fromUrl().pair);
  const [profile, setProfile] = useState<FilterOption | null>(() => fromUrl().profile);
  // The inputs follow the query string when it changes (a Signal link, back and forward), so Apply never drops a filter.
  const urlFilters = JSON.stringify(params.filters);
  const [shownFilters, setShownFilters] = useState(urlFilters);
  if (urlFilters !== shownFilters) {
    const next = fromUrl();
    setShownFilters(urlFilters);
    setDraft(next.draft);
    setPair(next.pair);
    setProfile(next.profile);
  }
  // A Limited group filters only on the columns it sees (the API refuses the others).
  const canFilter = (field: string) => perm.filtering && isFieldAllowed(perm, field);
  const columns = COLUMNS.filter((c) => c.needs === 'id' || isFieldAllowed(perm, c.needs) || (c.field === 'event_type' && isFieldAllowed(perm, 'type')));

  const filters = perm.filtering ? (
    // One filter a line on a phone, side by side from sm.
    <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', width: '100%' }}>
      {canFilter('type') && (
        <TextField select size="small" label="Type" value={draft.type} onChange={(e) => setDraft({ ...draft, type: e.target.value })} sx={{ width: { xs: '100%', sm: 160 } }}>
          <MenuItem value="">All</MenuItem>
          {LOG_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {t}
            </MenuItem>
          ))}
        </TextField>
      )}
      {canFilter('pair_id') && <FilterOptionPicker field="pair" label="Pair" value={pair} onChange={setPair} />}
      {canFilter('profile_id') && <FilterOptionPicker field="profile" label="Profile" value={profile} onChange={setProfile} />}
      {canFilter('signal_id') && (
        <TextField size="small" label="Signal id" value={draft.signal_id} sx={{ width: { xs: '100%', sm: 120 } }} onChange={(e) => setDraft({ ...draft, signal_id: e.target.value.replace(/\D/g, '') })} />
      )}
      <Button variant="contained" onClick={() => params.setFilters({ ...draft, pair: pair?.id, profile: profile?.id })}>
        Apply
      </Button>
    </Stack>
  ) : undefined;

  return (
    <>
      <PageTitle>{LABELS.logsTitle}</PageTitle>
      <DataTable
        columns={columns}
        rows={logs.data?.results}
        count={logs.data?.count ?? 0}
        rowKey={(r) => r.id}
        params={params}
        emptyText={MESSAGES.noLogs}
        isLoading={logs.isLoading}
        error={logs.error}
        toolbar={filters}
        sortingAllowed={false}
        testId="logs-table"
      />
    </>
  );
}

/** One line of the log's data; the whole of it on hover (a group change holds every section). */
function LogMessage({ data }: { data: Record<string, unknown> | undefined }) {
  if (!data || Object.keys(data).length === 0) return <>-</>;
  return <EllipsisText text={JSON.stringify(data)} maxWidth={{ xs: 240, md: 480 }} sx={{ fontFamily: 'monospace', fontSize: 12 }} />;
}
