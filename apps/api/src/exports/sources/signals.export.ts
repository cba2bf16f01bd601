import { SIGNAL_ROWS } from '../../access/row-scopes';
import { SIGNAL_LIST, signalListQuery, toSignalRow } from '../../signals/signals.list';
import type { SignalsQuery } from '../../signals/signals.dto';
import type { ExportColumn, ExportSource, ListRow } from '../export-source';

const DATE_TIME = 'dd.mm.yyyy hh:mm:ss';

/** The signals table's columns, in its order (SECTION_FIELDS.signals), with the id first. */
const COLUMNS: readonly ExportColumn[] = [
  { field: 'id', header: 'ID', width: 12, value: (row) => Number(row.id) },
  { field: 'created_at', header: 'Created', width: 20, numFmt: DATE_TIME },
  { field: 'profile', header: 'Profile', width: 24 },
  { field: 'profile_id', header: 'Profile ID', width: 10 },
  { field: 'timeframe', header: 'Timeframe', width: 10 },
  { field: 'pair', header: 'Pair', width: 14 },
  { field: 'direction', header: 'Direction', width: 10 },
  { field: 'execution', header: 'Execution' },
  { field: 'size_currency', header: 'Size, USD' },
  { field: 'size_coins', header: 'Size, coins' },
  { field: 'avg_e_price', header: 'Avg entry price' },
  { field: 'exit_place', header: 'Exit place' },
  { field: 'current_price', header: 'Current price' },
  { field: 'pnl_in_usd', header: 'PnL, USD' },
  { field: 'pnl_in_percent', header: 'PnL, %' },
  { field: 'tr_in_atr', header: 'TR in ATR' },
  { field: 'inc_vola', header: 'Inc. vola' },
  { field: 'atr_minus_1', header: 'ATR-1' },
  { field: 'atr_t_percent', header: 'ATR T, %' },
  { field: 'minute_activated_at', header: 'Activated at', width: 20, numFmt: DATE_TIME },
  { field: 'start_point', header: 'Start point' },
  { field: 'status', header: 'Status', width: 12 },
  { field: 'state', header: 'State', width: 14 },
  { field: 'action_state', header: 'Action state', width: 12 },
  { field: 'time_per_signal', header: 'Time per signal, h' },
];

/** The signals list as the Signals screen filters it, row for row as `GET signals/signals/` answers. */
export const SIGNALS_EXPORT: ExportSource<SignalsQuery> = {
  kind: 'signals',
  list: SIGNAL_LIST,
  rows: SIGNAL_ROWS,
  query: signalListQuery,
  sheet: 'Signals',
  columns: COLUMNS,
  toAnswer: (row) => toSignalRow(row as Parameters<typeof toSignalRow>[0]) as unknown as ListRow,
};
