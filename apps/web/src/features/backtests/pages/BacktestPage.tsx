import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { BACKTEST_CANDLES_QUERY, BACKTEST_RESOURCE, BACKTEST_TRADE_COLUMNS, canWrite, EXPORT_PATHS, isFieldAllowed, mayFilterBy, BACKTEST_TRADE_EXPORT_QUERY, PAGE_SIZES, pathTo, permOf, type Backtest, type Perm } from '@console/contracts';
import { useAuthState } from '../../../api/context';
import { normaliseError } from '../../../api/errors';
import { ConfirmDialog } from '../../../ui/dialog/ConfirmDialog';
import { ExportButton } from '../../../ui/export/ExportButton';
import { formatDateTime } from '../../../ui/format/date';
import { PageTitle } from '../../../ui/PageTitle';
import { DataTable } from '../../../ui/table/DataTable';
import { cellText, declaredColumns } from '../../../ui/table/declared-columns';
import { useTableParams } from '../../../ui/table/use-table-params';
import { useToast } from '../../../ui/toast/ToastProvider';
import { useCancelBacktest } from '../api/cancel-backtest';
import { usePromoteBacktest } from '../api/promote-backtest';
import { usePromoteBacktestDraft } from '../api/promote-backtest-draft';
import { useBacktest } from '../api/get-backtest';
import { useBacktestEquities } from '../api/get-backtest-equity';
import { useBacktestTrades } from '../api/get-backtest-trades';
import { isUnfinished } from '../api/backtest-status';
import { BacktestProgress } from '../components/BacktestProgress';
import { drawdownCurve, formatDuration, returnCurve } from '../components/curves';
import { CurvesChart } from '../components/CurvesChart';
import { FiguresGrid } from '../components/FiguresGrid';
import { MonthlyReturnsTable } from '../components/MonthlyReturnsTable';
import { TradesOnCandles } from '../components/TradesOnCandles';

const STATUS_COLUMN = BACKTEST_RESOURCE.columns.find((c) => c.field === 'status')!;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** What the run ran on: the period, the market, the money and the settings document it copied. */
function RunInputs({ run }: { run: Backtest }) {
  const lines: [string, string][] = [
    ['Period', `${formatDateTime(run.date_from)} – ${formatDateTime(run.date_until)}`],
    ['Market', run.inputs.market === 'model' ? `model, seed ${run.inputs.seed}` : `stored candles of ${run.inputs.exchange}`],
    ['Pairs', run.inputs.pair_symbols.join(', ')],
    ['Deposit, USD', run.inputs.deposit],
    ['Fee rate', run.inputs.fee_rate ?? "paper venue's"],
    ['Slippage rate', run.inputs.slippage_rate ?? "paper venue's"],
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="backtest-settings">
      {lines.map(([label, value]) => (
        <Typography key={label} variant="body2">
          <b>{label}:</b> {value}
        </Typography>
      ))}
      <Box component="pre" sx={{ mt: 1, mb: 0, maxHeight: 320, overflow: 'auto', fontSize: 12 }}>
        {JSON.stringify(run.inputs.settings, null, 2)}
      </Box>
    </Paper>
  );
}

/** At Limited a run's trades are whole or absent: the `trades` field opens every trade column. */
function tradesPerm(perm: Perm): Perm {
  return isFieldAllowed(perm, 'trades') ? { ...perm, fields: [...perm.fields, ...BACKTEST_TRADE_COLUMNS.columns.map((c) => c.field)] } : perm;
}

/** The run's title and what may be done with it: cancel while it runs, promote its settings into its profile or a new draft. */
function RunActions({ run: data }: { run: Backtest }) {
  const { user } = useAuthState();
  const toast = useToast();
  const cancel = useCancelBacktest();
  const promote = usePromoteBacktest();
  const promoteDraft = usePromoteBacktestDraft();
  const [promoting, setPromoting] = useState(false);
  return (
    <>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <PageTitle>{`Backtest of ${data.profile ?? `#${data.id}`}`}</PageTitle>
        <Button component={RouterLink} to={pathTo('backtests')}>
          All backtests
        </Button>
        {canWrite(user?.group, 'backtests') && data.status && isUnfinished(data.status) && (
          <Button color="warning" variant="outlined" onClick={() => void cancel.mutateAsync(data.id).then(() => toast.success('The backtest is cancelled.'), (e: unknown) => toast.error(normaliseError(e)))}>
            Cancel
          </Button>
        )}
        {canWrite(user?.group, 'profile_settings') && data.inputs && (
          <Button variant="contained" disabled={promote.isPending} onClick={() => setPromoting(true)} data-testid="promote-backtest">
            Promote to profile
          </Button>
        )}
        {canWrite(user?.group, 'profiles') && data.inputs && (
          <Button
            variant="outlined"
            disabled={promoteDraft.isPending}
            data-testid="promote-backtest-draft"
            onClick={() => void promoteDraft.mutateAsync(data.id).then((draft) => toast.success(`The draft ${draft.title} is made with the run's settings.`), (e: unknown) => toast.error(normaliseError(e)))}
          >
            Promote to a new draft
          </Button>
        )}
      </Stack>
      {promoting && (
        <ConfirmDialog
          title="Promote the run's settings"
          text={`Write the settings this run used into the strategy profile ${data.profile}? Its current settings are replaced (the change is logged).`}
          confirmLabel="Promote"
          onClose={() => setPromoting(false)}
          onConfirm={() => void promote.mutateAsync(data.id).then(() => toast.success(`The settings are written into ${data.profile}.`), (e: unknown) => toast.error(normaliseError(e)))}
        />
      )}
    </>
  );
}

/** One run: where it is, its figures, its curves, its trades and the settings it used. */
export function BacktestPage() {
  const { id = '' } = useParams();
  const { user } = useAuthState();
  const perm = permOf(user?.group, 'backtests');
  const run = useBacktest(id);
  const done = run.data?.status === 'SUCCESS';
  const seesCurve = isFieldAllowed(perm, 'equity');
  const seesTrades = isFieldAllowed(perm, 'trades');
  const [equity] = useBacktestEquities([id], done && seesCurve);
  const tradeParams = useTableParams(PAGE_SIZES.generic);
  const trades = useBacktestTrades(id, tradeParams.query, done && seesTrades);
  const deposit = run.data?.inputs?.deposit;
  const points = equity?.data;
  const curves = points && deposit ? { returns: [{ name: 'Return', points: returnCurve(deposit, points) }], drawdown: [{ name: 'Drawdown', points: drawdownCurve(deposit, points) }] } : null;

  if (run.error) return <Alert severity="error">{normaliseError(run.error)}</Alert>;
  const data = run.data;
  if (!data) return null;

  return (
    <Stack spacing={3}>
      <RunActions run={data} />
      {data.status && (
        <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="backtest-headline">
          <BacktestProgress status={data.status} progress={data.progress ?? 0} label={cellText(STATUS_COLUMN, data)} />
          <Typography variant="body2">Ran for {formatDuration(data.duration_ms)}</Typography>
          {data.created_by && <Typography variant="body2">By {data.created_by}</Typography>}
        </Stack>
      )}
      {data.error && <Alert severity="error">{data.error}</Alert>}
      {data.figures && (
        <Section title="Figures">
          <FiguresGrid figures={data.figures} />
        </Section>
      )}
      {curves && (
        <>
          <Section title="Equity (return on the deposit)">
            <CurvesChart curves={curves.returns} testId="equity-chart" />
          </Section>
          <Section title="Drawdown">
            <CurvesChart curves={curves.drawdown} testId="drawdown-chart" />
          </Section>
          {points && deposit && (
            <Section title="Monthly returns">
              <MonthlyReturnsTable deposit={deposit} points={points} />
            </Section>
          )}
        </>
      )}
      {done && seesTrades && (
        <Section title="Trades">
          <DataTable
            columns={declaredColumns(BACKTEST_TRADE_COLUMNS, tradesPerm(perm), { sortable: [] })}
            rows={trades.data?.results}
            count={trades.data?.count ?? 0}
            rowKey={(t) => t.id}
            params={tradeParams}
            isLoading={trades.isLoading}
            error={trades.error}
            sortingAllowed={false}
            testId="backtest-trades"
            toolbar={mayFilterBy(perm, BACKTEST_TRADE_EXPORT_QUERY, 'backtest_id') ? <ExportButton calls={EXPORT_PATHS.backtest_trades} params={{ backtest_id: data.id }} /> : undefined}
          />
        </Section>
      )}
      {done && data.inputs && mayFilterBy(perm, BACKTEST_CANDLES_QUERY, 'pair') && !!trades.data?.results.length && (
        <Section title="Trades on the candles">
          <TradesOnCandles run={data} trades={trades.data.results} />
        </Section>
      )}
      {data.inputs && (
        <Section title="Settings used">
          <RunInputs run={data} />
        </Section>
      )}
    </Stack>
  );
}
