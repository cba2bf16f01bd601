import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { isFieldAllowed, LABELS, LOG_RESOURCE, LOG_TYPES, MESSAGES, PAGE_SIZES, permOf, type LogFilterOption, type LogRow, type Perm } from '@console/contracts';
import { useAuthState } from '../../../api/context';
import { PageTitle } from '../../../ui/PageTitle';
import { CELL_TEXT_MAX_WIDTH, EllipsisText } from '../../../ui/text/EllipsisText';
import { DataTable } from '../../../ui/table/DataTable';
import { declaredColumns } from '../../../ui/table/declared-columns';
import { useTableParams } from '../../../ui/table/use-table-params';
import { useLogs } from '../api/get-logs';
import { FilterOptionPicker } from '../components/FilterOptionPicker';
import { LogMessage } from '../components/LogMessage';

const FILTER_KEYS = ['type', 'pair', 'profile', 'signal_id'] as const;

/** Cells drawn as more than their text: the event with its type, long names cut, the signal linked, the data as a sentence. */
const RENDER = {
  event_type: (r: LogRow) => `${r.type ?? ''} ${r.event_type ?? ''}`.trim() || '-',
  pair_name: (r: LogRow) => <EllipsisText text={r.pair_name ?? '-'} maxWidth={CELL_TEXT_MAX_WIDTH} />,
  profile_title: (r: LogRow) => <EllipsisText text={r.profile_title ?? '-'} maxWidth={CELL_TEXT_MAX_WIDTH} />,
  signal_id: (r: LogRow) => (r.signal_id ? <RouterLink to={`?signal_id=${r.signal_id}`}>{r.signal_id}</RouterLink> : '-'),
  log_data: (r: LogRow) => <LogMessage row={r} />,
};

/** The Event column writes the type and the event: a Limited group that sees either one gets it. */
function withEventColumn(perm: Perm): Perm {
  return isFieldAllowed(perm, 'type') && !isFieldAllowed(perm, 'event_type') ? { ...perm, fields: [...perm.fields, 'event_type'] } : perm;
}

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
  const [pair, setPair] = useState<LogFilterOption | null>(() => fromUrl().pair);
  const [profile, setProfile] = useState<LogFilterOption | null>(() => fromUrl().profile);
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
  const columns = declaredColumns(LOG_RESOURCE, withEventColumn(perm), { render: RENDER });

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

