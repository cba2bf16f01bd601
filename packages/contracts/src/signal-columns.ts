/** The signals list: its columns, for its table and its xlsx export, and its query. */
import { FORMATS } from './columns';
import { defineResource } from './resource';
import { SIGNAL_LIST_QUERY, SIGNAL_STATUS_LABELS, type SignalRow } from './signals';
import { TRADING_DECIMALS } from './trading';

const PRICE = FORMATS.number(TRADING_DECIMALS.markPrice);
const MONEY = FORMATS.money(TRADING_DECIMALS.orderSize);
const PERCENT = FORMATS.percent(TRADING_DECIMALS.percent);
const RATIO = FORMATS.number(2);

export const SIGNAL_RESOURCE = defineResource<SignalRow>()({
  name: 'signals',
  section: 'signals',
  query: SIGNAL_LIST_QUERY,
  columns: [
  { field: 'id', header: 'ID', format: FORMATS.integer, limited: true },
  { field: 'created_at', header: 'Created', format: FORMATS.dateTime, limited: true },
  { field: 'profile', header: 'Profile', format: FORMATS.text, limited: true },
  { field: 'profile_id', header: 'Profile ID', format: FORMATS.integer, limited: true },
  { field: 'pair', header: 'Pair', format: FORMATS.text, limited: true },
  { field: 'direction', header: 'Direction', format: FORMATS.text, limited: true },
  { field: 'timeframe', header: 'Time frame', format: FORMATS.text, limited: true },
  { field: 'status', header: 'Status', format: FORMATS.labels(SIGNAL_STATUS_LABELS), limited: true },
  { field: 'state', header: 'State', format: FORMATS.text, limited: true },
  { field: 'action_state', header: 'Action state', format: FORMATS.text, limited: true },
  { field: 'execution', header: 'Execution, %', format: PERCENT, limited: true },
  { field: 'size_currency', header: 'Size, $', format: MONEY, limited: true },
  { field: 'size_coins', header: 'Size, coins', format: FORMATS.coins(TRADING_DECIMALS.positionCoins), limited: true },
  { field: 'avg_e_price', header: 'Avg entry price', format: PRICE, limited: true },
  { field: 'exit_place', header: 'Exit place', format: PRICE, limited: true },
  { field: 'current_price', header: 'Current price', format: PRICE, limited: true },
  { field: 'pnl_in_usd', header: 'PnL, $', format: MONEY, limited: true },
  { field: 'pnl_in_percent', header: 'PnL, %', format: PERCENT, limited: true },
  { field: 'time_per_signal', header: 'Time per signal, h', format: FORMATS.number(TRADING_DECIMALS.avgTimePerSignal), limited: true },
  { field: 'start_point', header: 'Start point', format: PRICE, limited: true },
  { field: 'tr_in_atr', header: 'TR in ATR', format: RATIO, limited: true },
  { field: 'inc_vola', header: 'Inc vola', format: RATIO, limited: true },
  { field: 'atr_minus_1', header: 'ATR-1', format: RATIO, limited: true },
  { field: 'atr_t_percent', header: 'ATR T, %', format: PERCENT, limited: true },
  { field: 'minute_activated_at', header: 'Activated', format: FORMATS.dateTime, limited: true },
],
});
