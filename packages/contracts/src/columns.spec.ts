import { describe, expect, it } from 'vitest';
import { columnsFor, excelCellValue, excelNumFmt, formatColumnValue, FORMATS } from './columns';
import { defaultPerm, type Perm } from './perms';
import { GROUP_RESOURCE } from './groups';
import { LOG_RESOURCE } from './logs';
import { MM_PROFILE_RESOURCE } from './mm-profiles';
import { NOTIFICATION_RESOURCE } from './notifications';
import { ORDER_RESOURCE } from './order-columns';
import { LOST_POSITION_RESOURCE, POSITION_RESOURCE } from './positions';
import { RISK_TRIGGER_RESOURCE } from './risk-controls';
import { fieldsOf, identityKeysOf } from './sections';
import { EXCHANGE_ACCOUNT_RESOURCE, PAIR_RESOURCE } from './settings';
import { SIGNAL_RESOURCE } from './signal-columns';
import { ACCOUNT_STATS_RESOURCE, monthsColumns, MONTHS_COLUMNS, PROFILE_STATS_RESOURCE } from './stats-columns';
import { STRATEGY_PROFILE_RESOURCE } from './strategy-profiles';
import { TICKER_CONFIG_RESOURCE } from './ticker-configs';
import { USER_RESOURCE } from './users';

/** Each declaration by its resource name; its Limited flags are checked against its section's fields. */
const SETS = {
  signals: SIGNAL_RESOURCE,
  orders: ORDER_RESOURCE,
  positions: POSITION_RESOURCE,
  'lost-positions': LOST_POSITION_RESOURCE,
  'risk-controls': RISK_TRIGGER_RESOURCE,
  'profiles-stats': PROFILE_STATS_RESOURCE,
  'account-stats': ACCOUNT_STATS_RESOURCE,
  'ticker-configs': TICKER_CONFIG_RESOURCE,
  'strategy-profiles': STRATEGY_PROFILE_RESOURCE,
  'mm-profiles': MM_PROFILE_RESOURCE,
  logs: LOG_RESOURCE,
  users: USER_RESOURCE,
  groups: GROUP_RESOURCE,
  // Card lists: no table columns, so nothing to mark (the entries keep a column added later checked).
  'exchange-accounts': EXCHANGE_ACCOUNT_RESOURCE,
  pairs: PAIR_RESOURCE,
  notifications: NOTIFICATION_RESOURCE,
};
const noDate = () => 'date';

describe('column declarations', () => {
  it.each(Object.entries(SETS))('%s: a column is Limited exactly when its field is one of the section\'s fields, each field once', (name, set) => {
    expect(set.name).toBe(name);
    for (const c of set.columns) expect([c.field, c.limited]).toEqual([c.field, fieldsOf(set.section).includes(c.field) || identityKeysOf(set.section).includes(c.field)]);
    expect(new Set(set.columns.map((c) => c.field)).size).toBe(set.columns.length);
  });

  it('keeps a Limited group\'s fields in the declared order, whatever the order of its fields', () => {
    const perm: Perm = { ...defaultPerm('signals'), status: 'Limited', fields: ['pnl_in_usd', 'pair', 'created_at'] };
    expect(columnsFor(SIGNAL_RESOURCE, perm).map((c) => c.header)).toEqual(['ID', 'Created', 'Pair', 'PnL, $']);
    expect(columnsFor(SIGNAL_RESOURCE, { ...perm, status: 'Full' })).toHaveLength(SIGNAL_RESOURCE.columns.length);
    expect(columnsFor(SIGNAL_RESOURCE, { ...perm, status: 'NP' })).toEqual([]);
  });

  it('writes each format on the screen and in Excel with the same decimals', () => {
    const money = FORMATS.money(2);
    expect([formatColumnValue(money, -1234.5, noDate), excelNumFmt(money)]).toEqual(['-$1,234.50', '"$"#,##0.00;-"$"#,##0.00']);
    expect([formatColumnValue(FORMATS.money(0), 1234.5, noDate), excelNumFmt(FORMATS.money(0))]).toEqual(['$1,235', '"$"#,##0;-"$"#,##0']);
    expect([formatColumnValue(FORMATS.percent(2), 12.5, noDate), excelNumFmt(FORMATS.percent(2))]).toEqual(['12.50%', '0.00"%"']);
    expect([formatColumnValue(FORMATS.coins(4), 0.5, noDate), excelNumFmt(FORMATS.coins(4))]).toEqual(['0.5000', '0.0000']);
    expect([formatColumnValue(FORMATS.integer, 7, noDate), excelNumFmt(FORMATS.integer)]).toEqual(['7', '0']);
    // A count's average keeps up to two decimals; a whole count shows none.
    expect([2, 2.5, 1 / 15].map((n) => formatColumnValue(FORMATS.count, n, noDate))).toEqual(['2', '2.5', '0.07']);
    expect([excelNumFmt(FORMATS.count), excelCellValue(FORMATS.count, '2.5')]).toEqual([undefined, 2.5]);
    expect(excelNumFmt(FORMATS.dateTime)).toBe('dd.mm.yyyy hh:mm:ss');
    const status = FORMATS.labels({ in_queue: 'In queue' });
    expect([formatColumnValue(status, 'in_queue', noDate), excelCellValue(status, 'in_queue'), excelNumFmt(status)]).toEqual(['In queue', 'In queue', undefined]);
    expect([formatColumnValue(FORMATS.yesNo, true, noDate), formatColumnValue(FORMATS.yesNo, false, noDate), excelCellValue(FORMATS.yesNo, false)]).toEqual(['Yes', 'No', 'No']);
    expect([formatColumnValue(money, null, noDate), excelCellValue(money, null)]).toEqual(['-', null]);
    expect(excelCellValue(money, '12.5')).toBe(12.5);
  });

  it('months: the admin view has every column once, the client view leaves out the HWM, profit factor, HWM return and signal split', () => {
    const fields = (view: 'admin' | 'client') => monthsColumns(view).map((c) => c.field);
    expect(fields('admin')).toEqual(MONTHS_COLUMNS.columns.map((c) => c.field));
    expect(new Set(fields('admin')).size).toBe(MONTHS_COLUMNS.columns.length);
    expect(fields('client')).toEqual(['deposit', 'return_nav', 'return_nav_percent', 'return_realized', 'return_realized_percent', 'reinvest_percent_realized', 'winrate', 'qty_total', 'turn_over']);
  });
});
