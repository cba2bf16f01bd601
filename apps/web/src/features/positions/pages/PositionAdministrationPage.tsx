import { Box, Button, Tab, Tabs, TextField } from '@mui/material';
import { useState } from 'react';
import { mayRunPositionAction, permOf, POSITION_UI, type PositionAction as Gate } from '@console/contracts';
import { useAuthState } from '../../../api/context';
import { ConfirmDialog } from '../../../ui/dialog/ConfirmDialog';
import { PageTitle } from '../../../ui/PageTitle';
import { SectionTabs } from '../../../ui/SectionTabs';
import { DataTable } from '../../../ui/table/DataTable';
import { useRowActions } from '../../../ui/table/use-row-actions';
import { useTableParams } from '../../../ui/table/use-table-params';
import { useToast } from '../../../ui/toast/ToastProvider';
import { usePositions, type Position, type PositionsTab } from '../api/get-positions';
import { usePositionAction, type PositionAction } from '../api/position-actions';
import { AccountMetricsList } from '../components/AccountMetricsList';
import { positionColumns } from '../components/position-columns';
import { coefficientError, isLost, reducePercentError, splitSelection, type RowAction } from '../components/position-rules';
import { ValueDialog } from '../components/ValueDialog';

const FILTER_KEYS = ['pair__ticker'] as const;
const PAGE_SIZE_CHOICE = { options: [25, 100, 500], default: 100 };

type Pending =
  | { kind: 'reduce'; rows: Position[] }
  | { kind: 'closeLimit'; row: Position }
  | { kind: 'confirm'; title: string; text: string; label: string; actions: PositionAction[]; rowIds: string[] };

const names = (rows: Position[]) => rows.map((row) => row.ticker ?? row.id).join(', ');

/** Position administration: positions and lost positions, their actions, and the accounts' metrics beside them. */
/** Actions whose failures are only logged, never shown. */
const ONLY_LOGGED: ReadonlySet<PositionAction['kind']> = new Set(['skipCheck', 'recoverKExit']);

export function PositionAdministrationPage() {
  const { user } = useAuthState();
  const perm = permOf(user?.group, 'APA');
  const may = (gate: Gate) => mayRunPositionAction(perm, gate);
  const toast = useToast();
  const [tab, setTab] = useState<PositionsTab>('positions');
  const params = useTableParams(PAGE_SIZE_CHOICE, FILTER_KEYS);
  const positions = usePositions(tab, tab === 'lost' ? { ...params.query, ordering: null } : params.query);
  const action = usePositionAction();
  const { busy, run } = useRowActions();
  const [selected, setSelected] = useState<ReadonlyMap<string, Position>>(new Map());
  const [pending, setPending] = useState<Pending | null>(null);
  const [ticker, setTicker] = useState(params.filters.pair__ticker ?? '');

  const rows = positions.data?.results ?? [];
  const pickedRows = [...selected.values()];

  const toggleSelected = (row: Position) =>
    setSelected((previous) => {
      const next = new Map(previous);
      if (next.has(row.id)) next.delete(row.id);
      else next.set(row.id, row);
      return next;
    });

  /**
   * Runs the actions one after another on their rows' locks; a refusal is a toast, except for skip checks
   * and k-exit recovery, whose failures are only logged.
   */
  const send = async (actions: PositionAction[], rowIds: string[], done?: string) => {
    const key = Number(rowIds[0] ?? 0);
    const report = actions.every((one) => ONLY_LOGGED.has(one.kind)) ? 'log' : 'toast';
    await run(
      key,
      async () => {
        for (const one of actions) await action.mutateAsync(one);
        if (done) toast.success(done);
        setSelected(new Map());
      },
      undefined,
      report,
    );
  };

  const closeMarketActions = (targets: Position[]): PositionAction[] => {
    const { signalsIds, lost } = splitSelection(targets);
    const out: PositionAction[] = [];
    // One position alone takes the single close, addressed by its signal.
    if (signalsIds.length === 1 && targets.length === 1) out.push({ kind: 'closeMarket', signalId: String(signalsIds[0]) });
    else if (signalsIds.length) out.push({ kind: 'bulkCloseMarket', signalsIds });
    for (const row of lost) out.push({ kind: 'closeLost', pair: row.pair_id!, side: row.side!, quantity: row.active_p_coins! });
    return out;
  };

  const onAction = (kind: RowAction, row: Position) => {
    if (kind === 'reduce') return setPending({ kind: 'reduce', rows: [row] });
    if (kind === 'recoverKExit')
      return setPending({ kind: 'confirm', title: 'Recover k-exit', text: `Recover the k-exit of ${names([row])}?`, label: 'Recover', actions: [{ kind: 'recoverKExit', positionId: row.id }], rowIds: [row.id] });
    if (kind === 'closeLimit') return setPending({ kind: 'closeLimit', row });
    if (kind === 'closeMarket')
      return setPending({ kind: 'confirm', title: 'Close market', text: `Close ${names([row])} at market?`, label: 'Close', actions: closeMarketActions([row]), rowIds: [row.id] });
    // The best-limit close addresses the position's signal (rowActions offers it only to a row that has one).
    const signalId = row.signal_id;
    if (kind === 'bestLimit' && signalId)
      setPending({ kind: 'confirm', title: 'Best limit close', text: `Close ${names([row])} with a best-limit order?`, label: 'Close', actions: [{ kind: 'closeBestLimit', signalId }], rowIds: [row.id] });
  };

  const onSkipCheck = (row: Position, flag: 'skip_check_by_timer' | 'skip_check_by_distance', value: boolean) =>
    void send([{ kind: 'skipCheck', positionId: row.id, flags: { [flag]: value } }], [row.id]);

  const columns = positionColumns({ tab, perm, selected: new Set(selected.keys()), toggleSelected, busy, onAction, onSkipCheck });
  const regularPicked = pickedRows.filter((row) => !isLost(row));
  const allRegular = rows.filter((row) => !isLost(row) && row.signal_id);

  const toolbar = (
    <>
      <TextField
        size="small"
        label="Ticker"
        value={ticker}
        onChange={(event) => setTicker(event.target.value)}
        onKeyDown={(event) => event.key === 'Enter' && params.setFilters({ pair__ticker: ticker.trim() })}
        onBlur={() => params.setFilters({ pair__ticker: ticker.trim() })}
        sx={{ width: 150 }}
      />
      {may('reduce') && regularPicked.length > 0 && (
        <Button variant="outlined" size="small" onClick={() => setPending({ kind: 'reduce', rows: regularPicked })}>
          Reduce picked ({regularPicked.length})
        </Button>
      )}
      {may('closeMarket') && pickedRows.length > 0 && (
        <Button
          variant="outlined"
          size="small"
          color="error"
          onClick={() =>
            setPending({ kind: 'confirm', title: 'Close market', text: `Close ${names(pickedRows)} at market?`, label: 'Close', actions: closeMarketActions(pickedRows), rowIds: pickedRows.map((r) => r.id) })
          }
        >
          Close market picked ({pickedRows.length})
        </Button>
      )}
      {may('bestLimit') && tab === 'positions' && allRegular.length > 0 && (
        <Button
          variant="outlined"
          size="small"
          onClick={() =>
            setPending({
              kind: 'confirm',
              title: 'Best limit close',
              text: `Close all ${allRegular.length} positions of this page with best-limit orders?`,
              label: 'Close all',
              actions: [{ kind: 'bulkCloseBestLimit', signalsIds: allRegular.map((r) => Number(r.signal_id)) }],
              rowIds: allRegular.map((r) => r.id),
            })
          }
        >
          Best limit all
        </Button>
      )}
    </>
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
              setSelected(new Map());
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
      {pending?.kind === 'reduce' && (
        <ValueDialog
          title={pending.rows.length === 1 ? `Reduce ${names(pending.rows)}` : `Reduce ${pending.rows.length} positions`}
          label="Percent(%) of reducing"
          submitLabel="Reduce"
          validate={reducePercentError}
          onClose={() => setPending(null)}
          onSubmit={async (percent) => {
            const targets = pending.rows;
            setPending(null);
            await send(
              targets.length === 1 ? [{ kind: 'reduce', positionId: targets[0].id, percent }] : [{ kind: 'bulkReduce', signalsIds: splitSelection(targets).signalsIds, percent }],
              targets.map((r) => r.id),
            );
          }}
        />
      )}
      {pending?.kind === 'closeLimit' && (
        <ValueDialog
          title={`Close limit ${names([pending.row])}`}
          label="Coefficient"
          submitLabel="Close"
          validate={coefficientError}
          onClose={() => setPending(null)}
          onSubmit={async (coefficient) => {
            const row = pending.row;
            setPending(null);
            if (row.signal_id) await send([{ kind: 'closeLimit', signalId: row.signal_id, coefficient }], [row.id]);
          }}
        />
      )}
      {pending?.kind === 'confirm' && (
        <ConfirmDialog title={pending.title} text={pending.text} confirmLabel={pending.label} onClose={() => setPending(null)} onConfirm={() => void send(pending.actions, pending.rowIds)} />
      )}
    </>
  );
}
