import { Box, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { mayRunPositionAction, permOf, POSITION_UI, type PositionAction as Gate } from '@console/contracts';
import { useAuthState } from '../../../api/context';
import { PageTitle } from '../../../ui/PageTitle';
import { SectionTabs } from '../../../ui/SectionTabs';
import { DataTable } from '../../../ui/table/DataTable';
import { useTableParams } from '../../../ui/table/use-table-params';
import { usePositions, type PositionsTab } from '../api/get-positions';
import { AccountMetricsList } from '../components/AccountMetricsList';
import { positionColumns } from '../components/position-columns';
import { PositionDialogs } from '../components/PositionDialogs';
import { PositionsToolbar } from '../components/PositionsToolbar';
import { usePositionCommands } from '../components/use-position-commands';

const FILTER_KEYS = ['pair__ticker'] as const;
const PAGE_SIZE_CHOICE = { options: [25, 100, 500], default: 100 };

/** Position administration: positions and lost positions, their actions, and the accounts' metrics beside them. */
export function PositionAdministrationPage() {
  const { user } = useAuthState();
  const perm = permOf(user?.group, 'APA');
  const may = (gate: Gate) => mayRunPositionAction(perm, gate);
  const [tab, setTab] = useState<PositionsTab>('positions');
  const params = useTableParams(PAGE_SIZE_CHOICE, FILTER_KEYS);
  const positions = usePositions(tab, tab === 'lost' ? { ...params.query, ordering: null } : params.query);
  const commands = usePositionCommands();
  const { selected, toggleSelected, busy, onAction, onSkipCheck } = commands;
  const columns = positionColumns({ tab, perm, selected: new Set(selected.keys()), toggleSelected, busy, onAction, onSkipCheck });

  const toolbar = (
    <PositionsToolbar
      tab={tab}
      rows={positions.data?.results ?? []}
      picked={[...selected.values()]}
      initialTicker={params.filters.pair__ticker ?? ''}
      onTicker={(ticker) => params.setFilters({ pair__ticker: ticker })}
      may={may}
      onPending={commands.setPending}
    />
  );

  return (
    <>
      <SectionTabs bar="signalsAndOrders" />
      <PageTitle>Position administration</PageTitle>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 300px' }, gap: 2, alignItems: 'start' }}>
        <Box sx={{ minWidth: 0 }}>
          <Tabs
            value={tab}
            onChange={(_, value: PositionsTab) => {
              setTab(value);
              commands.setSelected(new Map());
              params.setPage(1);
            }}
            sx={{ mb: 1 }}
          >
            <Tab value="positions" label={POSITION_UI.tabs.positions} data-testid="positions-tab" />
            <Tab value="lost" label={POSITION_UI.tabs.lost} data-testid="lost-positions-tab" />
          </Tabs>
          <DataTable
            columns={columns}
            rows={positions.data?.results}
            count={positions.data?.count}
            rowKey={(row) => row.id}
            params={params}
            emptyText={tab === 'lost' ? POSITION_UI.lostEmpty : POSITION_UI.empty}
            isLoading={positions.isPending}
            error={positions.error}
            sortingAllowed={tab === 'positions' && perm.sorting}
            toolbar={toolbar}
            testId="positions-table"
          />
        </Box>
        <AccountMetricsList canEditDeposit={may('changeDeposit')} />
      </Box>
      <PositionDialogs pending={commands.pending} onClose={() => commands.setPending(null)} send={commands.send} />
    </>
  );
}
