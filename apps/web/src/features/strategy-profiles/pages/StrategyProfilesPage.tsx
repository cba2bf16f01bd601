import { useRowActions } from '../../../ui/table/use-row-actions';
import { Box, Button, Checkbox, Link, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { EMPTY_VALUE, isFieldAllowed, pathTo, permOf, STRATEGY_PROFILE_UI } from '@console/contracts';
import { useAuthState } from '../../../api/context';
import { PageHeader } from '../../../ui/PageTitle';
import { AccountTitle, CELL_TEXT_MAX_WIDTH, EllipsisText } from '../../../ui/text/EllipsisText';
import { SectionTabs } from '../../../ui/SectionTabs';
import { DataTable, type Column } from '../../../ui/table/DataTable';
import { useTableParams } from '../../../ui/table/use-table-params';
import { useStrategyProfiles, type StrategyProfile } from '../api/get-strategy-profiles';
import { useStrategyProfileCommand } from '../api/start-stop-strategy-profile';
import { useUpdateStrategyProfileVisibility } from '../api/update-strategy-profile';
import { AddStrategyProfileDialog } from '../components/AddStrategyProfileDialog';
import { StrategyStatusChip } from '../components/StrategyStatusChip';
import { TickerListCell } from '../components/TickerListCell';
import { continueDraftPath, shownStatusAction, strategyListActions } from '../components/strategy-rules';

const FILTER_KEYS = ['direction', 'show_hide'] as const;
const ALL = '';
const DIRECTION_LABELS = { long: 'Long', short: 'Short' } as const;
/** The filter's order in the spec: All, Short, Long. */
const DIRECTION_OPTIONS = ['short', 'long'] as const;

/** A name on one line, cut with an ellipsis when long (whole on hover or tap). */
const OneLine = ({ text }: { text: string | undefined }) => <EllipsisText text={text ?? EMPTY_VALUE} maxWidth={CELL_TEXT_MAX_WIDTH} />;

/** 'Strategy profiles list': direction sort and filter, Hide Unpicked / Show All, Add, Start/Stop/Continue. */
export function StrategyProfilesPage() {
  const { user } = useAuthState();
  const navigate = useNavigate();
  const perm = permOf(user?.group, 'profiles');
  const actions = strategyListActions(user?.group);
  const params = useTableParams(STRATEGY_PROFILE_UI.pageSizes, FILTER_KEYS);
  const profiles = useStrategyProfiles(params.query);
  const visibility = useUpdateStrategyProfileVisibility();
  const command = useStrategyProfileCommand();
  const [adding, setAdding] = useState(false);
  const { busy, run } = useRowActions();
  const showingAll = params.filters.show_hide === 'true';


  const allColumns: Column<StrategyProfile>[] = [
    {
      field: 'title',
      header: 'Strategy profile',
      render: (profile) =>
        actions.nameLinks ? (
          <Link component={RouterLink} to={pathTo('strategyProfile', { id: profile.id })}>
            {profile.title}
          </Link>
        ) : (
          profile.title
        ),
    },
    { field: 'exchange_account', header: 'Exchange account', render: (profile) => <AccountTitle title={profile.exchange_account?.title} maxWidth={CELL_TEXT_MAX_WIDTH} /> },
    {
      field: 'profile_direction',
      header: 'Signal direction',
      sortable: true,
      render: (profile) => (profile.profile_direction ? DIRECTION_LABELS[profile.profile_direction] : EMPTY_VALUE),
    },
    { field: 'timeframe', header: 'Time frame', render: (profile) => profile.timeframe ?? EMPTY_VALUE },
    { field: 'ticker_configs_name', header: 'Ticker list', render: (profile) => <TickerListCell name={profile.ticker_configs_name} pairs={profile.pairs} /> },
    { field: 'mm_profile', header: 'MM profile', render: (profile) => <OneLine text={profile.mm_profile?.title} /> },
    {
      field: 'status',
      header: 'Status',
      render: (profile) => <StrategyStatusChip status={profile.status} actionState={profile.action_state} />,
    },
  ];
  const columns = allColumns.filter((column) => isFieldAllowed(perm, column.field));
  if (actions.visibility) {
    columns.push({
      field: 'is_show',
      header: 'Visibility',
      render: (profile) => (
        <Checkbox
          checked={profile.is_show ?? true}
          disabled={busy.has(profile.id)}
          onChange={(event) => void run(profile.id, () => visibility.mutateAsync({ id: profile.id, is_show: event.target.checked }))}
          slotProps={{ input: { 'aria-label': `${profile.title ?? profile.id} visible` } }}
        />
      ),
    });
  }
  if (actions.statusAction) {
    columns.push({
      field: 'action',
      header: 'Action',
      render: (profile) => {
        const action = shownStatusAction(profile.status, actions);
        if (!action) return null;
        const onClick =
          action.command === 'continue'
            ? () => navigate(continueDraftPath(profile.id))
            : () => void run(profile.id, () => command.mutateAsync({ id: profile.id, command: action.command }));
        return (
          <Button size="small" variant="outlined" disabled={busy.has(profile.id)} onClick={onClick} aria-label={`${action.label} ${profile.title ?? profile.id}`}>
            {action.label}
          </Button>
        );
      },
    });
  }

  return (
    <>
      <SectionTabs bar="strategyProfiles" />
      <PageHeader title={STRATEGY_PROFILE_UI.listTitle}>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {actions.showAllToggle && (
            <Button variant="outlined" aria-pressed={showingAll} onClick={() => params.setFilters({ ...params.filters, show_hide: showingAll ? '' : 'true' })}>
              {showingAll ? STRATEGY_PROFILE_UI.hideUnpicked : STRATEGY_PROFILE_UI.showAll}
            </Button>
          )}
          {actions.add && (
            <Button variant="contained" onClick={() => setAdding(true)}>
              Add
            </Button>
          )}
        </Box>
      </PageHeader>
      <DataTable
        columns={columns}
        rows={profiles.data?.results}
        count={profiles.data?.count}
        rowKey={(profile) => profile.id}
        params={params}
        emptyText={STRATEGY_PROFILE_UI.listEmpty}
        isLoading={profiles.isPending}
        error={profiles.error}
        sortingAllowed={perm.sorting}
        toolbar={
          actions.directionFilter && (
            <TextField
              select
              size="small"
              label="Direction"
              value={params.filters.direction ?? ALL}
              onChange={(event) => params.setFilters({ ...params.filters, direction: event.target.value })}
              // 'All' is the empty value: the label stays up so that it shows.
              slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
              sx={{ minWidth: 130 }}
            >
              <MenuItem value={ALL}>All</MenuItem>
              {DIRECTION_OPTIONS.map((direction) => (
                <MenuItem key={direction} value={direction}>
                  {DIRECTION_LABELS[direction]}
                </MenuItem>
              ))}
            </TextField>
          )
        }
        testId="strategy-profiles-table"
      />
      {adding && <AddStrategyProfileDialog onClose={() => setAdding(false)} />}
    </>
  );
}
