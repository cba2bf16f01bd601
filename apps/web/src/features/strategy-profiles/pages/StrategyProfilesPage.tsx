import { useRowActions } from '../../../ui/table/use-row-actions';
import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { EMPTY_VALUE, pathTo, permOf, PROFILE_DIRECTION_LABELS, STRATEGY_PROFILE_RESOURCE, STRATEGY_PROFILE_UI, type StrategyProfileRow } from '@console/contracts';
import { useAuthState } from '../../../api/context';
import { PageHeader } from '../../../ui/PageTitle';
import { AccountTitle, CELL_TEXT_MAX_WIDTH, EllipsisText } from '../../../ui/text/EllipsisText';
import { SectionTabs } from '../../../ui/SectionTabs';
import { DataTable } from '../../../ui/table/DataTable';
import { linkedTitle, visibilityColumn } from '../../../ui/table/profile-columns';
import { SelectFilter } from '../../../ui/table/SelectFilter';
import { declaredColumns } from '../../../ui/table/declared-columns';
import { useTableParams } from '../../../ui/table/use-table-params';
import { useStrategyProfiles } from '../api/get-strategy-profiles';
import { useUpdateStrategyProfileVisibility } from '../api/update-strategy-profile';
import { AddStrategyProfileDialog } from '../components/AddStrategyProfileDialog';
import { StrategyStatusChip } from '../components/StrategyStatusChip';
import { TickerListCell } from '../components/TickerListCell';
import { continueDraftPath, shownStatusAction, strategyListActions } from '../components/strategy-rules';
import { useStartStop } from '../components/use-start-stop';

const FILTER_KEYS = ['direction', 'show_hide'] as const;
/** The filter's order in the spec: All, Short, Long. */
const DIRECTION_OPTIONS = (['short', 'long'] as const).map((direction) => ({ value: direction, label: PROFILE_DIRECTION_LABELS[direction] }));

/** A name on one line, cut with an ellipsis when long (whole on hover or tap). */
const OneLine = ({ text }: { text: string | undefined }) => <EllipsisText text={text ?? EMPTY_VALUE} maxWidth={CELL_TEXT_MAX_WIDTH} />;

/** Cells drawn as more than their text: the account and MM profile by title, the ticker list with its pairs, the status chip. */
const RENDER = {
  exchange_account: (profile: StrategyProfileRow) => <AccountTitle title={profile.exchange_account?.title} maxWidth={CELL_TEXT_MAX_WIDTH} />,
  ticker_configs_name: (profile: StrategyProfileRow) => <TickerListCell name={profile.ticker_configs_name} pairs={profile.pairs} />,
  mm_profile: (profile: StrategyProfileRow) => <OneLine text={profile.mm_profile?.title} />,
  status: (profile: StrategyProfileRow) => <StrategyStatusChip status={profile.status} actionState={profile.action_state} />,
};

/** 'Strategy profiles list': direction sort and filter, Hide Unpicked / Show All, Add, Start/Stop/Continue. */
export function StrategyProfilesPage() {
  const { user } = useAuthState();
  const navigate = useNavigate();
  const perm = permOf(user?.group, 'profiles');
  const actions = strategyListActions(user?.group);
  const params = useTableParams(STRATEGY_PROFILE_UI.pageSizes, FILTER_KEYS);
  const profiles = useStrategyProfiles(params.query);
  const visibility = useUpdateStrategyProfileVisibility();
  const startStop = useStartStop();
  const [adding, setAdding] = useState(false);
  const { busy, run } = useRowActions();
  const showingAll = params.filters.show_hide === 'true';

  const columns = declaredColumns(STRATEGY_PROFILE_RESOURCE, perm, {
    // The name opens the profile only for a group its page admits.
    render: { ...RENDER, title: linkedTitle<StrategyProfileRow>(() => actions.nameLinks, (profile) => pathTo('strategyProfile', { id: profile.id })) },
  });
  if (actions.visibility) {
    columns.push(visibilityColumn('checkbox', busy, (profile, visible) => void run(profile.id, () => visibility.mutateAsync({ id: profile.id, is_show: visible }))));
  }
  if (actions.statusAction) {
    columns.push({
      field: 'action',
      header: 'Action',
      render: (profile) => {
        const action = shownStatusAction(profile.status, actions);
        if (!action) return null;
        const command = action.command;
        const onClick = command === 'continue' ? () => navigate(continueDraftPath(profile.id)) : () => startStop.request(profile, command);
        return (
          <Button size="small" variant="outlined" disabled={busy.has(profile.id) || startStop.busy.has(profile.id)} onClick={onClick} aria-label={`${action.label} ${profile.title ?? profile.id}`}>
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
            <SelectFilter
              label="Direction"
              value={params.filters.direction}
              onChange={(direction) => params.setFilters({ ...params.filters, direction })}
              options={DIRECTION_OPTIONS}
            />
          )
        }
        testId="strategy-profiles-table"
      />
      {adding && <AddStrategyProfileDialog onClose={() => setAdding(false)} />}
      {startStop.dialog}
    </>
  );
}
