import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  METRIC_BAR_TIMEFRAMES,
  ACTION_STATES,
  BOT_STATUSES,
  CANDLE_IMPORT_STATUSES,
  DEPOSIT_TRANSACTION_TYPES,
  DIRECTIONS,
  EXCHANGE_MARKETS,
  ACCOUNT_MODES,
  ENGINE_COMMAND_KINDS,
  ALERT_ACTIONS,
  DELIVERY_CHANNELS,
  DELIVERY_STATUSES,
  NOTIFICATION_KIND_NAMES,
  BACKTEST_EXIT_REASONS,
  BACKTEST_MARKETS,
  BACKTEST_STATUSES,
  ENGINE_COMMAND_STATUSES,
  ENGINE_COMMAND_TARGETS,
  EXCHANGE_ORDER_STATUSES,
  EXPORT_KINDS,
  EXPORT_LANES,
  EXPORT_STATUSES,
  MM_PROFILE_STATUSES,
  ORDER_KINDS,
  ORDER_SIDES,
  ORDER_STATES,
  ORDER_STATUSES,
  POSITION_STATES,
  RISK_TRIGGER_PROFILE_ROLES,
  RISK_TRIGGER_TYPES,
  SIGNAL_STATES,
  SIGNAL_STATUSES,
  STRATEGY_PROFILE_STATUSES,
  STRATEGY_SETTINGS_SCHEMA_TYPES,
  TICKER_CONFIG_STATUSES,
  TIME_IN_FORCE,
  TIMEFRAMES,
} from '@console/contracts';
import { createTestDatabase } from '../../test/harness';

/** Every trading column with a closed set, and the contracts' set it must hold exactly. */
const EXPECTED: Record<string, readonly string[]> = {
  'ticker_configs.status': TICKER_CONFIG_STATUSES,
  'mm_profiles.status': MM_PROFILE_STATUSES,
  'mm_profiles.action_state': ACTION_STATES,
  'deposit_transactions.type': DEPOSIT_TRANSACTION_TYPES,
  'strategy_profiles.status': STRATEGY_PROFILE_STATUSES,
  'strategy_profiles.action_state': ACTION_STATES,
  'strategy_profiles.profile_direction': DIRECTIONS,
  'strategy_profiles.timeframe': TIMEFRAMES,
  'strategy_profiles.settings_schema_type': STRATEGY_SETTINGS_SCHEMA_TYPES,
  'signals.timeframe': TIMEFRAMES,
  'signals.direction': DIRECTIONS,
  'signals.status': SIGNAL_STATUSES,
  'signals.state': SIGNAL_STATES,
  'signals.action_state': ACTION_STATES,
  'orders.order_type': ORDER_KINDS,
  'orders.direction': ORDER_SIDES,
  'orders.position_direction': DIRECTIONS,
  'orders.state': ORDER_STATES,
  'orders.status': ORDER_STATUSES,
  'orders.exchange_status': EXCHANGE_ORDER_STATUSES,
  'orders.time_in_force': TIME_IN_FORCE,
  'orders.action_state': ACTION_STATES,
  'positions.side': DIRECTIONS,
  'positions.state': POSITION_STATES,
  'positions.action_state': ACTION_STATES,
  'risk_triggers.trigger_type': RISK_TRIGGER_TYPES,
  'risk_trigger_profiles.role': RISK_TRIGGER_PROFILE_ROLES,
  'account_metric_bars.tf': METRIC_BAR_TIMEFRAMES,
  'bot_status.status': BOT_STATUSES,
  'bot_status.action_state': ACTION_STATES,
  'export_tasks.kind': EXPORT_KINDS,
  'export_tasks.status': EXPORT_STATUSES,
  'export_tasks.lane': EXPORT_LANES,
  'engine_commands.kind': ENGINE_COMMAND_KINDS,
  'engine_commands.target_type': ENGINE_COMMAND_TARGETS,
  'engine_commands.status': ENGINE_COMMAND_STATUSES,
  'candle_imports.status': CANDLE_IMPORT_STATUSES,
  'alert_receipts.action': ALERT_ACTIONS,
  'alert_deliveries.channel': DELIVERY_CHANNELS,
  'alert_deliveries.status': DELIVERY_STATUSES,
  'notifications.kind': NOTIFICATION_KIND_NAMES,
  'backtests.status': BACKTEST_STATUSES,
  'backtests.market': BACKTEST_MARKETS,
  'backtest_trades.side': DIRECTIONS,
  'backtest_trades.exit_reason': BACKTEST_EXIT_REASONS,
  'candle_downloads.status': CANDLE_IMPORT_STATUSES,
  'exchange_accounts.market': EXCHANGE_MARKETS,
  'exchange_accounts.mode': ACCOUNT_MODES,
};

/** Closed sets of the platform tables, defined with their features, not in the trading contracts. */
const PLATFORM_SETS = ['telegram_outbox.bot', 'telegram_outbox.status', 'investor_report_schedules.schedule_type'];

/** `col IN ('a', 'b')` reads back as `= ANY (ARRAY[…])`, and `col IN ('a')` as `= 'a'`. */
const SET_CHECK = /^CHECK \(+\w+\)::text = (ANY \(\(ARRAY\[.*\]\)::text\[\]\)|'[^']*'::(character varying|text))\)+$/;
const LITERAL = /'((?:[^']|'')*)'::(?:character varying|text)/g;

/** The value sets of the migrated database's one-column CHECKs, by `table.column`. */
async function setChecks(client: Client): Promise<Map<string, string[]>> {
  const { rows } = await client.query<{ key: string; def: string }>(`
    SELECT c.conrelid::regclass::text || '.' || a.attname AS key, pg_get_constraintdef(c.oid) AS def
      FROM pg_constraint c
      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
     WHERE c.contype = 'c' AND cardinality(c.conkey) = 1 AND c.connamespace = current_schema()::regnamespace`);
  const sets = new Map<string, string[]>();
  for (const { key, def } of rows) {
    if (!SET_CHECK.test(def)) continue;
    if (sets.has(key)) throw new Error(`two set checks on ${key}`);
    sets.set(key, [...def.matchAll(LITERAL)].map((m) => m[1].replaceAll("''", "'")));
  }
  return sets;
}

describe('CHECK constraints hold the contracts’ closed sets', () => {
  let client: Client;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    client = new Client({ connectionString: database.url });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await drop();
  });

  it('each trading column’s set equals its contract, value for value', async () => {
    const sets = await setChecks(client);
    for (const [key, expected] of Object.entries(EXPECTED)) {
      expect({ key, values: [...(sets.get(key) ?? [])].sort() }).toEqual({ key, values: [...expected].sort() });
    }
  });

  it('no set check exists without its contract', async () => {
    const keys = [...(await setChecks(client)).keys()].filter((k) => !PLATFORM_SETS.includes(k)).sort();
    expect(keys).toEqual(Object.keys(EXPECTED).sort());
  });

  it('reads what the database enforces: a value outside the set is refused', async () => {
    const sets = await setChecks(client);
    expect(sets.get('signals.state')).toHaveLength(SIGNAL_STATES.length);
    await expect(client.query(`UPDATE bot_status SET status = 'paused'`)).rejects.toMatchObject({ code: '23514', constraint: 'bot_status_status_check' });
    await client.query(`UPDATE bot_status SET status = $1`, [BOT_STATUSES[0]]);
  });
});
