/**
 * Consistent trading data at any size, for the demo, the benchmarks and tests: exchange accounts and
 * pairs (existing ones first), ticker configs with their pairs, MM profiles, deposit transactions,
 * strategy profiles with their v1 settings document, signals with their orders and positions, minute
 * account metrics, risk triggers, the bot status and log rows tied to signals.
 *
 * Every big table is filled by set-based SQL (INSERT … SELECT over generate_series) in chunks, and
 * orders, positions and logs are derived from the signal rows already written, so the states agree by
 * construction (docs/decisions/demo-data.md). Foreign keys and CHECKs stay on; the
 * secondary indexes of signals, orders and positions are dropped for the load and rebuilt after it.
 *
 * It fills an empty trading database only: when any trading row exists it refuses (TradingDataPresentError)
 * and changes nothing. Everything runs in one transaction.
 */
import type { ClientBase } from 'pg';
import { DataSource, EntityManager } from 'typeorm';
import { REFERENCE_PRICES_USD, RISK_TRIGGER_TYPES, TIMEFRAMES, type Direction, type RiskTriggerType, type Timeframe } from '@console/contracts';

export interface TradingDataSizes {
  /** Exchange accounts traded on: existing ones first (lowest ids), missing ones are created. */
  accounts: number;
  /** Pairs traded: active ones first, missing ones are created active (GEN{n}USDT). */
  pairs: number;
  tickerConfigs: number;
  mmProfiles: number;
  /** Every 20th is a draft (no MM profile, no ticker list, no signals). */
  strategyProfiles: number;
  signals: number;
  /** Each signal's orders: enter orders, then one exit order (2 to 20). */
  ordersPerSignal: number;
  logsPerSignal: number;
  /** Positions found on the exchange without a signal (no state). */
  lostPositions: number;
  /** Days of minute metrics per account, up to now; also the time span of the signals. */
  metricsDays: number;
  depositTransactionsPerAccount: number;
  riskTriggers: number;
}

/** A first look: every trading table has rows, small enough to seed in a few seconds. */
export const DEMO_TRADING_SIZES: TradingDataSizes = {
  accounts: 1,
  pairs: 10,
  tickerConfigs: 3,
  mmProfiles: 3,
  strategyProfiles: 6,
  signals: 600,
  ordersPerSignal: 3,
  logsPerSignal: 3,
  lostPositions: 2,
  // Four months: the months statistics and the charts have several months to show.
  metricsDays: 120,
  depositTransactionsPerAccount: 8,
  riskTriggers: 7,
};

export interface TradingDataSummary {
  /** Rows written per table. */
  rows: Record<string, number>;
  /** Milliseconds per phase, in order. */
  phases: { name: string; ms: number }[];
}

export class TradingDataPresentError extends Error {
  constructor() {
    super('Trading data is already there: the generator fills a database without trading rows only');
  }
}

/** Signals written per statement; orders and logs follow the same signal ranges. */
const CHUNK = 500_000;
/** The newest 2 % of signals are still open (active or in queue); the rest are finished, missed or canceled. */
const OPEN_SHARE = 0.02;
const PROFILE_TITLES = ['Scalper BTC', 'Grid ETH v2', 'Momentum SOL', 'Mean reversion alts', 'Breakout majors', 'Trend 4h short'];
const TRADING_TABLES = [
  'signals',
  'orders',
  'positions',
  'strategy_profiles',
  'mm_profiles',
  'ticker_configs',
  'deposit_transactions',
  'account_metrics',
  'risk_triggers',
];

type Rows = <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>;

/** A statement with named parameters ($name) as positional ones, for the long ones. */
function named(sql: string, values: Record<string, unknown>): [string, unknown[]] {
  const names = Object.keys(values);
  const text = sql.replace(/\$([a-z]+)\b/g, (_, name: string) => {
    const index = names.indexOf(name);
    if (index < 0) throw new Error(`No value for $${name}`);
    return `$${index + 1}`;
  });
  return [text, names.map((name) => values[name])];
}

export async function generateTradingData(
  db: DataSource | EntityManager | ClientBase,
  sizes: TradingDataSizes,
  options: { now?: Date; seed?: number; accountSecret?: string } = {},
): Promise<TradingDataSummary> {
  checkSizes(sizes);
  const opts = { now: options.now ?? new Date(), seed: options.seed ?? 0.42, accountSecret: options.accountSecret ?? 'generated-not-a-real-secret' };
  const viaManager = (m: EntityManager) => fill((sql, params) => m.query(sql, params), sizes, opts);
  if (db instanceof DataSource) return db.transaction(viaManager);
  if (db instanceof EntityManager) return db.queryRunner?.isTransactionActive ? viaManager(db) : db.transaction(viaManager);
  await db.query('BEGIN');
  try {
    const summary = await fill(async (sql, params) => (await db.query(sql, params)).rows, sizes, opts);
    await db.query('COMMIT');
    return summary;
  } catch (error) {
    await db.query('ROLLBACK');
    throw error;
  }
}

function checkSizes(s: TradingDataSizes): void {
  for (const [name, value] of Object.entries(s)) {
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`Size ${name} must be a whole number ≥ 0, got ${value}`);
  }
  if (s.ordersPerSignal < 2 || s.ordersPerSignal > 20) throw new Error('ordersPerSignal must be between 2 and 20 (enter orders and one exit order)');
  if (s.accounts < 1 || s.pairs < 1) throw new Error('accounts and pairs must be at least 1');
  if (s.strategyProfiles > 0 && (s.mmProfiles < 1 || s.tickerConfigs < 1)) throw new Error('strategy profiles need at least one MM profile and one ticker config');
  if (s.tickerConfigs > s.pairs) throw new Error('every ticker config needs a pair of its own: tickerConfigs must not exceed pairs');
  if (s.signals > 0 && s.strategyProfiles < 1) throw new Error('signals need at least one strategy profile');
}

async function fill(q: Rows, sizes: TradingDataSizes, opts: { now: Date; seed: number; accountSecret: string }): Promise<TradingDataSummary> {
  const rows: Record<string, number> = {};
  const phases: { name: string; ms: number }[] = [];
  const phase = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    const result = await fn();
    phases.push({ name, ms: Math.round(performance.now() - t0) });
    return result;
  };

  const [{ present }] = await q<{ present: boolean }>(`SELECT ${TRADING_TABLES.map((t) => `EXISTS (SELECT 1 FROM ${t})`).join(' OR ')} AS present`);
  if (present) throw new TradingDataPresentError();
  // Index builds sort in memory; JIT would compile every chunk's statement again for seconds each.
  await q(`SET LOCAL maintenance_work_mem = '512MB'`);
  await q(`SET LOCAL jit = off`);
  await q(`SELECT setseed($1)`, [opts.seed]);
  const now = opts.now.toISOString();
  // The signals and the metrics end at this minute and span metricsDays before it.
  const [{ end, start }] = await q<{ end: string; start: string }>(
    `SELECT (date_trunc('minute', $1::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')::text AS end,
            (date_trunc('minute', $1::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - make_interval(days => $2))::text AS start`,
    [now, sizes.metricsDays],
  );

  // The months of the span get their partitions first: rows land in their month, not in the default one.
  for (const table of ['logs', 'account_metrics']) await q(`SELECT ensure_month_partitions($1::regclass, $2, $3)`, [table, start, end]);
  const base = await phase('accounts, pairs, profiles, triggers', () => fillSmallTables(q, sizes, opts.accountSecret, start, end, rows));
  await q(`UPDATE bot_status SET status = 'enabled', updated_at = $1`, [end]);

  const dropped = await phase('drop secondary indexes', () => dropSecondaryIndexes(q, ['signals', 'orders', 'positions']));
  const openFrom = sizes.signals - Math.max(sizes.signals > 0 ? 1 : 0, Math.round(sizes.signals * OPEN_SHARE));
  const chunks: [number, number][] = [];
  for (let a = 1; a <= sizes.signals; a += CHUNK) chunks.push([a, Math.min(sizes.signals, a + CHUNK - 1)]);
  await phase('signals', async () => {
    for (const [a, b] of chunks) await insertSignals(q, a, b, { total: sizes.signals, openFrom, profiles: base.tradingProfiles, ordersPerSignal: sizes.ordersPerSignal, start, end });
  });
  await phase('orders', async () => {
    for (const [a, b] of chunks) await insertOrders(q, a, b, sizes.ordersPerSignal, end);
  });
  await phase('positions', () => insertPositions(q, sizes.ordersPerSignal, sizes.lostPositions, base.accountIds, end));
  await phase('logs', async () => {
    for (const [a, b] of chunks) await insertLogs(q, a, b, sizes.ordersPerSignal, sizes.logsPerSignal, end);
  });
  await phase('rebuild indexes', async () => {
    for (const definition of dropped) await q(definition);
  });
  await phase('account metrics', () => insertMetrics(q, base.accountIds, start, end));
  await phase('analyze', () => q(`ANALYZE signals, orders, positions, account_metrics, logs`));
  for (const t of ['signals', 'orders', 'positions']) await q(`SELECT setval(pg_get_serial_sequence('${t}', 'id'), greatest((SELECT max(id) FROM ${t}), 1))`);

  const counted = await q<Record<string, string>>(
    `SELECT (SELECT count(*) FROM signals) AS signals, (SELECT count(*) FROM orders) AS orders, (SELECT count(*) FROM positions) AS positions,
            (SELECT count(*) FROM account_metrics) AS account_metrics, (SELECT count(*) FROM logs WHERE signal_id IS NOT NULL) AS logs`,
  );
  for (const [table, n] of Object.entries(counted[0])) rows[table] = Number(n);
  return { rows, phases };
}

interface TradingProfile {
  id: number;
  title: string;
  exchange_account_id: number;
  profile_direction: Direction;
  timeframe: Timeframe;
  pair_ids: number[];
  /** Each pair's reference price, in pair_ids' order. */
  pair_prices: string[];
}

/**
 * A pair's price level: the contracts' reference price of its base coin (quoted in a dollar stable coin),
 * else a stable made-up level from its id, 0.01 to 19,000.
 */
function referencePrice(pairId: number, ticker: string): string {
  const base = ticker.toUpperCase().replace(/(USDT|USDC|FDUSD|BUSD|USD)$/, '');
  const known = REFERENCE_PRICES_USD[base];
  return String(known ?? Number((10 ** ((pairId % 7) - 2) * (1 + (pairId % 9) / 10)).toPrecision(6)));
}

async function fillSmallTables(q: Rows, s: TradingDataSizes, accountSecret: string, start: string, end: string, rows: Record<string, number>) {
  const accountIds = await takeOrCreate(
    q,
    `SELECT id FROM exchange_accounts ORDER BY id LIMIT $1`,
    s.accounts,
    (from, to) => q(
      `INSERT INTO exchange_accounts (title, api_key, api_secret_enc, leverage)
       SELECT 'Generated account ' || n, 'generated-key-' || n, $3, 10 FROM generate_series($1::int, $2::int) n RETURNING id`,
      [from, to, accountSecret],
    ),
  );
  const pairIds = await takeOrCreate(
    q,
    `SELECT id FROM pairs ORDER BY is_active DESC, id LIMIT $1`,
    s.pairs,
    (from, to) => q(`INSERT INTO pairs (ticker, is_active) SELECT 'GEN' || n || 'USDT', true FROM generate_series($1::int, $2::int) n RETURNING id`, [from, to]),
  );

  // Ticker configs: pair j goes to config j mod T and, for some overlap, to the next one too.
  const configs = await q<{ id: number }>(
    `INSERT INTO ticker_configs (title, status, created_at, updated_at)
     SELECT 'Tickers ' || n, CASE WHEN n % 4 = 0 THEN 'inactive' ELSE 'active' END, $2::timestamptz, $2::timestamptz
       FROM generate_series(1, $1::int) n ORDER BY n RETURNING id`,
    [s.tickerConfigs, start],
  );
  const configIds = configs.map((c) => c.id).sort((a, b) => a - b);
  const links: [number, number][] = [];
  pairIds.forEach((pairId, j) => {
    links.push([configIds[j % configIds.length], pairId]);
    if (configIds.length > 1 && j % 3 === 0) links.push([configIds[(j + 1) % configIds.length], pairId]);
  });
  if (configIds.length) {
    await q(`INSERT INTO ticker_config_pairs (ticker_config_id, pair_id) SELECT * FROM unnest($1::int[], $2::int[])`, [links.map((l) => l[0]), links.map((l) => l[1])]);
  }

  await q(
    `INSERT INTO mm_profiles (title, exchange_account_id, status, max_signals_amount, max_factor_amount, all_signals_quota, created_at, updated_at)
     SELECT 'MM profile ' || n, ($2::int[])[1 + (n - 1) % cardinality($2::int[])], CASE WHEN n % 5 = 0 THEN 'inactive' ELSE 'active' END,
            10 * (1 + n % 5), 1.5, 2500 * (1 + n % 4), $3::timestamptz, $3::timestamptz
       FROM generate_series(1, $1::int) n ORDER BY n`,
    [s.mmProfiles, accountIds, start],
  );
  const mms = await q<{ id: number; exchange_account_id: number }>(`SELECT id, exchange_account_id FROM mm_profiles ORDER BY id`);

  const profiles = Array.from({ length: s.strategyProfiles }, (_, i) => {
    const k = i + 1;
    const draft = k % 20 === 0;
    const direction: Direction = k % 2 === 1 ? 'long' : 'short';
    const timeframe = TIMEFRAMES[i % TIMEFRAMES.length];
    const mm = mms[i % mms.length];
    const title = PROFILE_TITLES[i % PROFILE_TITLES.length] + (k > PROFILE_TITLES.length ? ` #${k}` : '');
    return {
      n: k,
      title,
      status: draft ? 'draft' : k % 10 === 0 ? 'stopping' : k % 7 === 0 ? 'inactive' : 'active',
      profile_direction: direction,
      timeframe,
      exchange_account_id: draft ? null : mm.exchange_account_id,
      mm_profile_id: draft ? null : mm.id,
      ticker_config_id: draft ? null : configIds[i % configIds.length],
      settings: draft ? { signal_settings: strategySettingsV1(direction, timeframe, k).signal_settings } : strategySettingsV1(direction, timeframe, k),
    };
  });
  await q(
    `INSERT INTO strategy_profiles (title, status, profile_direction, timeframe, exchange_account_id, mm_profile_id, ticker_config_id, settings, created_at, updated_at)
     SELECT x.title, x.status, x.profile_direction, x.timeframe, x.exchange_account_id, x.mm_profile_id, x.ticker_config_id, x.settings, $2::timestamptz, $2::timestamptz
       FROM jsonb_to_recordset($1::jsonb) AS x(title text, status text, profile_direction text, timeframe text, exchange_account_id int,
            mm_profile_id int, ticker_config_id int, settings jsonb, n int)
      ORDER BY x.n`,
    [JSON.stringify(profiles), start],
  );
  // The profiles that trade, with the pairs of their ticker list, for the signal statements.
  await q(
    `CREATE TEMP TABLE gen_profiles ON COMMIT DROP AS
     SELECT (row_number() OVER (ORDER BY sp.id))::int AS idx, sp.id, sp.title, sp.exchange_account_id, sp.profile_direction, sp.timeframe,
            array_agg(tcp.pair_id ORDER BY tcp.pair_id) AS pair_ids
       FROM strategy_profiles sp JOIN ticker_config_pairs tcp ON tcp.ticker_config_id = sp.ticker_config_id
      WHERE sp.status <> 'draft'
      GROUP BY sp.id`,
  );
  await q(`CREATE TEMP TABLE gen_pairs ON COMMIT DROP AS SELECT id, ticker, NULL::numeric AS price FROM pairs WHERE id = ANY($1::int[])`, [pairIds]);
  const tickers = await q<{ id: number; ticker: string }>(`SELECT id, ticker FROM gen_pairs`);
  await q(`UPDATE gen_pairs g SET price = p.price FROM unnest($1::int[], $2::numeric[]) AS p(id, price) WHERE g.id = p.id`, [
    tickers.map((t) => t.id),
    tickers.map((t) => referencePrice(t.id, t.ticker)),
  ]);
  await q(`ANALYZE gen_profiles, gen_pairs`);
  const tradingProfiles = await q<TradingProfile>(
    `SELECT id, title, exchange_account_id, profile_direction, timeframe, pair_ids,
            (SELECT array_agg(gp.price::text ORDER BY n) FROM unnest(pair_ids) WITH ORDINALITY AS u(pair_id, n) JOIN gen_pairs gp ON gp.id = u.pair_id) AS pair_prices
       FROM gen_profiles ORDER BY idx`,
  );

  // Deposit transactions per account with MM profiles: a first deposit, then deposits, withdrawals (every
  // 5th) and re-invests (every 3rd), each deposit_before the previous deposit_after. The account's MM
  // profiles then share its last deposit_after as their quotas (the MM deposit is their sum:
  // docs/decisions/ticker-configs-and-mm-profiles.md).
  const depositAccounts = accountIds.filter((id) => mms.some((mm) => mm.exchange_account_id === id));
  const [user] = await q<{ id: number | null }>(`SELECT min(id) AS id FROM users`);
  await q(
    `INSERT INTO deposit_transactions (exchange_account_id, type, amount, percent, deposit_before, deposit_after, requested_by, created_at)
     SELECT account_id, type, amount, CASE WHEN after - signed > 0 THEN round(amount / (after - signed) * 100, 8) END,
            after - signed, after, CASE WHEN type <> 'reinvest' THEN $5::int END, created_at
       FROM (SELECT *, sum(signed) OVER (PARTITION BY account_id ORDER BY t) AS after
               FROM (SELECT a.id AS account_id, t, x.type, x.amount, CASE WHEN x.type = 'withdrawal' THEN -x.amount ELSE x.amount END AS signed,
                            $3::timestamptz + ($4::timestamptz - $3::timestamptz) * (t / ($2::int + 1.0)) AS created_at
                       FROM unnest($1::int[]) WITH ORDINALITY AS a(id, n)
                      CROSS JOIN generate_series(1, $2::int) t
                      CROSS JOIN LATERAL (SELECT CASE WHEN t = 1 THEN 'deposit' WHEN t % 5 = 0 THEN 'withdrawal' WHEN t % 3 = 0 THEN 'reinvest' ELSE 'deposit' END AS type,
                                                 CASE WHEN t = 1 THEN 10000 + 5000 * (a.n - 1) WHEN t % 5 = 0 THEN 300 WHEN t % 3 = 0 THEN 150 ELSE 1000 END::numeric AS amount) x) y) z
      ORDER BY account_id, t`,
    [depositAccounts, s.depositTransactionsPerAccount, start, end, user?.id ?? null],
  );
  await q(
    `UPDATE mm_profiles m SET all_signals_quota = x.quota
       FROM (SELECT mm.id, round(d.deposit * (1 + mm.id % 4) / d.weights, 2)
                           + CASE WHEN mm.id = d.first_id THEN d.deposit - d.rounded ELSE 0 END AS quota
               FROM mm_profiles mm
               JOIN (SELECT p.exchange_account_id, a.deposit, sum(1 + p.id % 4) AS weights, min(p.id) AS first_id,
                            sum(round(a.deposit * (1 + p.id % 4) / w.weights, 2)) AS rounded
                       FROM (SELECT DISTINCT ON (exchange_account_id) exchange_account_id, deposit_after AS deposit
                               FROM deposit_transactions ORDER BY exchange_account_id, created_at DESC, id DESC) a
                       JOIN mm_profiles p USING (exchange_account_id)
                       JOIN (SELECT exchange_account_id, sum(1 + id % 4) AS weights FROM mm_profiles GROUP BY 1) w USING (exchange_account_id)
                      GROUP BY 1, 2) d USING (exchange_account_id)) x
      WHERE m.id = x.id`,
  );

  await insertRiskTriggers(q, s.riskTriggers, accountIds, tradingProfiles, end);

  rows.exchange_accounts_used = accountIds.length;
  rows.pairs_used = pairIds.length;
  rows.ticker_configs = configIds.length;
  rows.ticker_config_pairs = links.length;
  rows.mm_profiles = mms.length;
  rows.strategy_profiles = profiles.length;
  rows.deposit_transactions = depositAccounts.length * s.depositTransactionsPerAccount;
  rows.risk_triggers = s.riskTriggers;
  return { accountIds, tradingProfiles };
}

/** The first `want` ids the query finds, creating the missing ones (numbered after those found). */
async function takeOrCreate(q: Rows, select: string, want: number, create: (from: number, to: number) => Promise<{ id: number }[]>): Promise<number[]> {
  const found = (await q<{ id: number }>(select, [want])).map((r) => r.id);
  const made = found.length < want ? (await create(found.length + 1, want)).map((r) => r.id) : [];
  return [...found, ...made];
}

/** A complete v1 settings document that passes every settings rule, varied a little by profile number. */
export function strategySettingsV1(direction: Direction, timeframe: Timeframe, k: number) {
  const byTime = k % 3 !== 2;
  const byDistance = k % 3 !== 1;
  return {
    signal_settings: {
      timeframe,
      atr_n_periods: 5 + (k % 46),
      atr_smooth_algo: (['ema', 'rma', 'sma'] as const)[k % 3],
      atr_threshold_percents: 1.5,
      price_direction: direction === 'long' ? 'grow' : 'fall',
      start_point_coefficient: 0.8,
      timer_minutes: 60,
      signal_duration_minutes: 1440,
      is_atr_minus_1: k % 2 === 0,
      atr_minus_1_type: 'gte',
      atr_minus_1_value: k % 2 === 0 ? 1.2 : 0,
      enable_sec_atr: false,
      revert_threshold: 50,
      tr_in_atr_threshold: 1,
    },
    order_management_settings: {
      ...(direction === 'short' ? { future_price_coefficient: 1.01 } : {}),
      orders_quantity: 2,
      enter_orders: [
        { atr_distance_coefficient: 0, size_percent: 50, timer_minutes: 30 },
        { atr_distance_coefficient: 0.5, size_percent: 50, timer_minutes: 60 },
      ],
      is_exit_rule_by_time: byTime && !byDistance,
      is_exit_rule_by_distance: byDistance && !byTime,
      is_exit_rule_by_time_and_distance: byTime && byDistance,
      atr_timer: 15,
      change_of_atr_percentage: 10,
      exit_order_place_coefficient: 0.6,
      size_timer_minutes: 30,
      high_low_change_percentage: 5,
      high_low_change_timer: 30,
      exit_timer_coeff_settings: byTime ? [{ change_exit_timer_minutes: 120, change_exit_coefficient_by_time: 0.5 }] : [],
      exit_d_threshold_settings: byDistance ? [{ change_exit_d_threshold_by_distance: 2, change_exit_coefficient_by_distance: 0.4 }] : [],
      exists_time_quantity: byTime ? 1 : 0,
      exists_distance_quantity: byDistance ? 1 : 0,
    },
    indications_settings: [
      { opp_settings: { timeframe: '4h', opp_sp: 3, opp_atr_t_percent: 5, is_enabled: k % 2 === 0 }, le_settings: { timeframe: '1d', periods_amount: 20, is_enabled: false } },
    ],
    deviation_settings: { limit_funding_rate: 0.5, limit_price_deviation: 0.5 },
    single_cases_settings: k % 4 === 0 ? { is_enabled: true, sc_type: 'sc_mm_decrease', signals_quantity: 3, mm_percent: 50 } : { is_enabled: false },
    monitoring_tag_settings: { block_signals: false },
    delisting_settings: { block_signals: true },
  };
}

/** Blocker values inside each type's range. */
const TRIGGER_BLOCKER: Record<RiskTriggerType, number> = { imp_loss: -15, var: 150, nav: 20, opposite_dir: 30, nav_reducing: 10, timer: 60, nav_alerting: 5 };

async function insertRiskTriggers(q: Rows, count: number, accountIds: number[], profiles: TradingProfile[], end: string): Promise<void> {
  if (!count) return;
  const triggers = Array.from({ length: count }, (_, i) => {
    const type = RISK_TRIGGER_TYPES[i % RISK_TRIGGER_TYPES.length];
    const hard = type === 'nav_reducing';
    return {
      n: i,
      trigger_name: `${type.replace('_', ' ')} trigger ${i + 1}`,
      trigger_type: type,
      exchange_account_id: accountIds[i % accountIds.length],
      trigger_blocker: TRIGGER_BLOCKER[type],
      trigger_blocker_opp_dir_sp: type === 'opposite_dir' ? 3 : null,
      trigger_blocker_opp_dir_atr: type === 'opposite_dir' ? 5 : null,
      trigger_unblocker: type === 'nav_alerting' ? null : Math.abs(TRIGGER_BLOCKER[type]) / 2,
      alert: type === 'nav_alerting' || i % 3 === 0,
      rules: hard ? 'Reduce positions while NAV falls' : '',
      timer: type === 'timer' ? 120 : 0,
      position_reduce: hard ? 25 : null,
      x_percent_depo: hard ? 10 : null,
      y_percent_depo: hard ? 20 : null,
      is_active: i % 2 === 0,
      triggered_at: i === 0 ? end : null,
    };
  });
  const ids = await q<{ id: number }>(
    `INSERT INTO risk_triggers (trigger_name, trigger_type, exchange_account_id, trigger_blocker, trigger_blocker_opp_dir_sp, trigger_blocker_opp_dir_atr,
                                trigger_unblocker, alert, rules, timer, position_reduce, x_percent_depo, y_percent_depo, is_active, triggered_at)
     SELECT x.trigger_name, x.trigger_type, x.exchange_account_id, x.trigger_blocker, x.trigger_blocker_opp_dir_sp, x.trigger_blocker_opp_dir_atr,
            x.trigger_unblocker, x.alert, x.rules, x.timer, x.position_reduce, x.x_percent_depo, x.y_percent_depo, x.is_active, x.triggered_at
       FROM jsonb_to_recordset($1::jsonb) AS x(trigger_name text, trigger_type text, exchange_account_id int, trigger_blocker numeric,
            trigger_blocker_opp_dir_sp numeric, trigger_blocker_opp_dir_atr numeric, trigger_unblocker numeric, alert boolean, rules text, timer int,
            position_reduce numeric, x_percent_depo numeric, y_percent_depo numeric, is_active boolean, triggered_at timestamptz, n int)
      ORDER BY x.n RETURNING id`,
    [JSON.stringify(triggers)],
  );
  if (!profiles.length) return;
  // Each trigger groups two profiles; an opposite-direction trigger is also blocked by one active profile.
  const links: [number, string, number][] = [];
  ids.forEach(({ id }, i) => {
    for (const p of new Set([profiles[i % profiles.length].id, profiles[(i + 1) % profiles.length].id])) links.push([id, 'group', p]);
    if (triggers[i].trigger_type === 'opposite_dir') links.push([id, 'blocker_active', profiles[(i + 2) % profiles.length].id]);
  });
  await q(`INSERT INTO risk_trigger_profiles (risk_trigger_id, role, profile_id) SELECT * FROM unnest($1::int[], $2::text[], $3::int[])`, [
    links.map((l) => l[0]),
    links.map((l) => l[1]),
    links.map((l) => l[2]),
  ]);
}

/** Indexes that back no constraint (the FK checks need the keys); returns their definitions to rebuild. */
async function dropSecondaryIndexes(q: Rows, tables: string[]): Promise<string[]> {
  const indexes = await q<{ name: string; definition: string }>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i
      WHERE i.indrelid = ANY($1::regclass[]) AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
      ORDER BY 1`,
    [tables],
  );
  for (const { name } of indexes) await q(`DROP INDEX ${name}`);
  return indexes.map((i) => i.definition);
}

/**
 * Signals a..b, oldest first (id order is time order). Status by draw: the newest OPEN_SHARE are open
 * (in queue 20 %, active_np 20 %, active_pp 20 %, active_fp 20 %, active_pp_pf 10 %, active_fp_pf 10 %);
 * the others finished 55 %, missed 15 %, canceled 30 % (by user, MM, ATR, ROC). Each has q coins per
 * enter order (n - 1 enter orders) and a pair of its profile's ticker list.
 */
async function insertSignals(
  q: Rows,
  a: number,
  b: number,
  p: { total: number; openFrom: number; profiles: TradingProfile[]; ordersPerSignal: number; start: string; end: string },
): Promise<void> {
  // The profiles as parallel arrays (their pairs flattened, with offsets): no join, so rows keep id order.
  // OFFSET 0 keeps each level a level: computed once per row, not inlined into every use.
  const profiles = p.profiles;
  const offsets = profiles.map((_, i) => profiles.slice(0, i).reduce((sum, x) => sum + x.pair_ids.length, 0));
  await q(
    ...named(
      `INSERT INTO signals (id, created_at, updated_at, exchange_account_id, profile_id, pair_id, timeframe, direction, status, state, action_state,
                          execution, size_currency, size_coins, start_point, avg_e_price, exit_place, current_price, pnl_in_usd, pnl_in_percent,
                          tr_in_atr, inc_vola, atr_minus_1, atr_t_percent, minute_activated_at, finished_at)
     SELECT id, created_at, coalesce(finished_at, $end), exchange_account_id, profile_id, pair_id, timeframe, direction, status, state,
            CASE WHEN state = 'canceled_by_user' THEN 'CANCELLED' ELSE 'NONE' END,
            round(100 * entered / coins, 8), round(coins * start_point, 8), coins, start_point,
            CASE WHEN entered > 0 THEN avg_e END, exit_price, current_price,
            round(pnl, 8), round(100 * pnl / (coins * start_point), 8),
            round((0.5 + 2 * r1)::numeric, 8), round((10 * r2)::numeric, 8), round((1 + r1)::numeric, 8), round((1 + 4 * r2)::numeric, 8),
            CASE WHEN entered > 0 THEN created_at + (coalesce(finished_at, $end) - created_at) / ($n::int + 1) END, finished_at
       FROM (SELECT *,
                    -- realised on the exit part, unrealised on what is still held
                    (exit_price - avg_e) * sign * exited + CASE WHEN finished_at IS NULL THEN (current_price - avg_e) * sign * (entered - exited) ELSE 0 END AS pnl
               FROM (SELECT *,
                            CASE WHEN state IN ('active_pp', 'active_pp_pf') THEN q / 2 WHEN state IN ('active_fp', 'active_fp_pf', 'finished') THEN coins ELSE 0 END AS entered,
                            CASE state WHEN 'active_pp_pf' THEN q / 4 WHEN 'active_fp_pf' THEN coins / 2 WHEN 'finished' THEN coins ELSE 0 END AS exited,
                            -- enter order k is priced start_point * (1 - sign * 0.005 * (k - 1)); a partial fill is the first order's
                            CASE WHEN state IN ('active_pp', 'active_pp_pf') THEN start_point ELSE round(start_point * (1 - sign * 0.0025 * ($n::int - 2)), 12) END AS avg_e,
                            -- about a third of the trades exit at a loss, so statistics have losses, drawdowns and bad months
                            round(start_point * (1 + sign * CASE WHEN id % 3 = 0 THEN -0.015 ELSE 0.02 END), 12) AS exit_price,
                            CASE WHEN finished_at IS NULL THEN round(start_point * (0.99 + 0.03 * r1::numeric), 12) END AS current_price
                       FROM (SELECT g.*, ($pid::int[])[g.pi] AS profile_id, ($acct::int[])[g.pi] AS exchange_account_id,
                                    ($dir::text[])[g.pi] AS direction, ($tf::text[])[g.pi] AS timeframe,
                                    CASE ($dir::text[])[g.pi] WHEN 'long' THEN 1 ELSE -1 END AS sign,
                                    ($pairs::int[])[($off::int[])[g.pi] + 1 + floor(g.rq * ($len::int[])[g.pi])::int] AS pair_id,
                                    ($prices::numeric[])[($off::int[])[g.pi] + 1 + floor(g.rq * ($len::int[])[g.pi])::int] AS pair_price,
                                    CASE WHEN g.state IN ('in_queue', 'active_np', 'active_pp', 'active_fp', 'active_pp_pf', 'active_fp_pf') THEN NULL
                                         ELSE least(g.created_at + make_interval(mins => (60 + floor(4260 * g.r2))::int), $end) END AS finished_at
                               FROM (SELECT i AS id, $start::timestamptz + ($end::timestamptz - $start::timestamptz) * ((i - 0.5) / $total::bigint) AS created_at,
                                            r1, r2, rq, 1 + floor(rp * cardinality($pid::int[]))::int AS pi,
                                            CASE WHEN i > $open THEN (CASE WHEN rs < 0.2 THEN 'in_queue' ELSE 'active' END) ELSE
                                              (CASE WHEN rs < 0.55 THEN 'finished' WHEN rs < 0.70 THEN 'missed' ELSE 'canceled' END) END AS status,
                                            CASE WHEN i > $open THEN (CASE WHEN rs < 0.4 THEN 'active_np' WHEN rs < 0.6 THEN 'active_pp' WHEN rs < 0.8 THEN 'active_fp'
                                                                           WHEN rs < 0.9 THEN 'active_pp_pf' ELSE 'active_fp_pf' END)
                                              ELSE (CASE WHEN rs < 0.55 THEN 'finished' WHEN rs < 0.70 THEN 'missed' WHEN rs < 0.78 THEN 'canceled_by_user'
                                                         WHEN rs < 0.86 THEN 'canceled_by_mmsp' WHEN rs < 0.93 THEN 'canceled_by_atr' ELSE 'canceled_by_roc' END) END AS state
                                       FROM (SELECT i, random() AS rs, random() AS r1, random() AS r2, random() AS rq, random() AS rp
                                               FROM generate_series($first::bigint, $last::bigint) i) r) g OFFSET 0) h
                      CROSS JOIN LATERAL (SELECT round(h.pair_price * (0.9 + 0.2 * h.r2::numeric), least(12, greatest(0, 5 - floor(log(h.pair_price))::int))) AS start_point OFFSET 0) sp
                      CROSS JOIN LATERAL (SELECT greatest(round((100 + 900 * h.r1::numeric) / sp.start_point / ($n::int - 1), 6), 0.000001) AS q OFFSET 0) qq
                      CROSS JOIN LATERAL (SELECT qq.q * ($n::int - 1) AS coins OFFSET 0) c OFFSET 0) x OFFSET 0) y`,
      {
        start: p.start,
        end: p.end,
        total: p.total,
        open: p.openFrom,
        n: p.ordersPerSignal,
        first: a,
        last: b,
        pid: profiles.map((x) => x.id),
        acct: profiles.map((x) => x.exchange_account_id),
        dir: profiles.map((x) => x.profile_direction),
        tf: profiles.map((x) => x.timeframe),
        pairs: profiles.flatMap((x) => x.pair_ids),
        prices: profiles.flatMap((x) => x.pair_prices),
        off: offsets,
        len: profiles.map((x) => x.pair_ids.length),
      },
    ),
  );
}

/**
 * The orders of signals a..b: n - 1 enter orders, then one exit order for the whole size. Their status
 * follows the signal's state: open signals have placed or partly filled orders, finished
 * ones every order filled, missed ones orders expired by the timer, canceled ones canceled orders (MM
 * refusals never reached the exchange). Order id = (signal id - 1) * n + k, so logs can point at them.
 */
async function insertOrders(q: Rows, a: number, b: number, n: number, end: string): Promise<void> {
  await q(
    `INSERT INTO orders (id, created_at, updated_at, signal_id, exchange_account_id, profile_id, pair_id, order_type, direction, position_direction,
                         price, quantity, filled_quantity, exchange_order_id, state, status, exchange_status, time_in_force, action_state)
     SELECT (s.id - 1) * $3::int + k, o.created_at, CASE WHEN s.finished_at IS NULL THEN o.created_at ELSE s.finished_at END,
            s.id, s.exchange_account_id, s.profile_id, s.pair_id, CASE WHEN o.is_exit THEN 'exit' ELSE 'enter' END,
            CASE WHEN (s.direction = 'long') <> o.is_exit THEN 'buy' ELSE 'sell' END, s.direction,
            CASE WHEN o.is_exit THEN round(s.start_point * (1 + o.sign * 0.02), 12) ELSE round(s.start_point * (1 - o.sign * 0.005 * (k - 1)), 12) END,
            o.quantity, f.filled,
            CASE WHEN f.status NOT IN ('PLACING', 'PLACEMENT_FAILED') THEN s.id || '-' || k END,
            CASE WHEN f.status LIKE 'CANCELED\\_%' THEN 'CANCELED' ELSE f.status END, f.status,
            CASE f.status WHEN 'PLACED' THEN 'NEW' WHEN 'PARTIALLY_FILLED' THEN 'TRADE' WHEN 'FILLED' THEN 'TRADE' WHEN 'CANCELED_BY_TIMER' THEN 'EXPIRED'
                          WHEN 'CANCELED_MANUAL' THEN 'CANCELED' WHEN 'CANCELED_BY_MOVEMENT' THEN 'CANCELED' END,
            CASE WHEN o.is_exit THEN 'GTX' ELSE 'GTC' END,
            CASE WHEN s.state = 'canceled_by_user' THEN 'CANCELLED' ELSE 'NONE' END
       FROM signals s
      CROSS JOIN generate_series(1, $3::int) k
      CROSS JOIN LATERAL (SELECT k = $3::int AS is_exit, CASE s.direction WHEN 'long' THEN 1 ELSE -1 END AS sign,
                                 CASE WHEN k = $3::int THEN s.size_coins ELSE s.size_coins / ($3::int - 1) END AS quantity,
                                 s.created_at + (coalesce(s.finished_at, $4::timestamptz) - s.created_at) * (k / ($3::int + 1.0)) AS created_at OFFSET 0) o
      CROSS JOIN LATERAL (
        SELECT CASE
                 WHEN s.state = 'finished' THEN 'FILLED'
                 WHEN s.state = 'missed' THEN 'CANCELED_BY_TIMER'
                 WHEN s.state = 'canceled_by_user' THEN 'CANCELED_MANUAL'
                 WHEN s.state = 'canceled_by_mmsp' THEN 'PLACEMENT_FAILED'
                 WHEN s.state IN ('canceled_by_atr', 'canceled_by_roc') THEN 'CANCELED_BY_MOVEMENT'
                 WHEN s.status = 'in_queue' OR (s.state = 'active_np' AND o.is_exit) THEN 'PLACING'
                 WHEN s.state = 'active_np' THEN 'PLACED'
                 WHEN o.is_exit THEN (CASE WHEN s.state IN ('active_pp_pf', 'active_fp_pf') THEN 'PARTIALLY_FILLED' ELSE 'PLACED' END)
                 WHEN s.state IN ('active_pp', 'active_pp_pf') THEN (CASE WHEN k = 1 THEN 'PARTIALLY_FILLED' ELSE 'PLACED' END)
                 ELSE 'FILLED' END AS status OFFSET 0) st
      CROSS JOIN LATERAL (
        SELECT st.status,
               CASE WHEN st.status = 'FILLED' THEN o.quantity
                    WHEN st.status <> 'PARTIALLY_FILLED' THEN 0
                    WHEN NOT o.is_exit THEN o.quantity / 2
                    WHEN s.state = 'active_pp_pf' THEN s.size_coins / ($3::int - 1) / 4
                    ELSE s.size_coins / 2 END AS filled OFFSET 0) f
      WHERE s.id BETWEEN $1 AND $2`,
    [a, b, n, end],
  );
}

/**
 * One position per signal that has filled something: open for active signals, closed (at the signal's
 * finish, nothing held, no unrealised PnL) for finished ones; plus lost positions (no signal, no state).
 */
async function insertPositions(q: Rows, n: number, lost: number, accountIds: number[], end: string): Promise<void> {
  await q(
    `INSERT INTO positions (created_at, updated_at, closed_at, signal_id, exchange_account_id, profile_id, pair_id, side, state, action_state,
                            active_p_size_usd, active_p_coins, r_pnl, u_pnl, avg_e_price, current_price, mark_price, k_exit, k_exit_coeff,
                            skip_check_by_timer, skip_check_by_distance)
     SELECT s.minute_activated_at, coalesce(s.finished_at, $2::timestamptz), s.finished_at, s.id, s.exchange_account_id, s.profile_id, s.pair_id,
            s.direction, CASE WHEN s.finished_at IS NULL THEN 'open' ELSE 'closed' END, 'NONE',
            CASE WHEN s.finished_at IS NULL THEN round(h.held * s.current_price, 8) ELSE 0 END, h.held,
            CASE WHEN s.finished_at IS NULL THEN round((s.exit_place - s.avg_e_price) * h.sign * h.exited, 8) ELSE s.pnl_in_usd END,
            CASE WHEN s.finished_at IS NULL THEN round((s.current_price - s.avg_e_price) * h.sign * h.held, 8) ELSE 0 END,
            s.avg_e_price, coalesce(s.current_price, s.exit_place), coalesce(s.current_price, s.exit_place), s.exit_place, 0.6,
            s.id % 11 = 0, s.id % 13 = 0
       FROM signals s
      CROSS JOIN LATERAL (SELECT CASE s.direction WHEN 'long' THEN 1 ELSE -1 END AS sign,
                                 CASE s.state WHEN 'active_pp_pf' THEN s.size_coins / ($1::int - 1) / 4 WHEN 'active_fp_pf' THEN s.size_coins / 2
                                              WHEN 'finished' THEN s.size_coins ELSE 0 END AS exited OFFSET 0) e
      CROSS JOIN LATERAL (SELECT e.sign, e.exited,
                                 CASE WHEN s.state IN ('active_pp', 'active_pp_pf') THEN s.size_coins / ($1::int - 1) / 2 ELSE s.size_coins END - e.exited AS held OFFSET 0) h
      WHERE s.state IN ('active_pp', 'active_fp', 'active_pp_pf', 'active_fp_pf', 'finished')`,
    [n, end],
  );
  if (!lost) return;
  await q(
    `INSERT INTO positions (created_at, updated_at, exchange_account_id, pair_id, side, active_p_size_usd, active_p_coins, avg_e_price, current_price, mark_price)
     SELECT $3::timestamptz - make_interval(hours => i), $3::timestamptz, ($2::int[])[1 + i % cardinality($2::int[])], p.id,
            CASE WHEN i % 2 = 0 THEN 'long' ELSE 'short' END, 250 * i, round(250 * i / p.price, 8), p.price, p.price, p.price
       FROM generate_series(1, $1::int) i
       JOIN (SELECT id, price, row_number() OVER (ORDER BY id) AS rn, count(*) OVER () AS total FROM gen_pairs) p ON p.rn = 1 + i % p.total`,
    [lost, accountIds, end],
  );
}

/** Log rows of signals a..b: received, then its orders placed, then how it ended (or a check while open). */
async function insertLogs(q: Rows, a: number, b: number, n: number, perSignal: number, end: string): Promise<void> {
  if (!perSignal) return;
  await q(
    `INSERT INTO logs (created_at, type, event_type, signal_id, pair_id, pair_name, profile_id, profile_title, order_id, log_data)
     SELECT s.created_at + (coalesce(s.finished_at, $5::timestamptz) - s.created_at) * (k / ($4::int + 1.0)),
            CASE WHEN s.state = 'canceled_by_mmsp' AND k = $4::int THEN 'restrictions' WHEN s.state = 'missed' AND k = $4::int THEN 'divergence' ELSE 'general' END,
            e.event, s.id, s.pair_id, gp.ticker, s.profile_id, pr.title,
            CASE WHEN e.event = 'order_placed' THEN (s.id - 1) * $3::int + least(k - 1, $3::int) END,
            jsonb_build_object('message', e.event || ' for signal ' || s.id, 'state', s.state)
       FROM signals s
       JOIN gen_pairs gp ON gp.id = s.pair_id
       JOIN gen_profiles pr ON pr.id = s.profile_id
      CROSS JOIN generate_series(1, $4::int) k
      CROSS JOIN LATERAL (SELECT CASE WHEN k = 1 THEN 'signal_received'
                                      WHEN k = $4::int AND s.finished_at IS NOT NULL THEN 'signal_' || s.status
                                      WHEN k = $4::int THEN 'signal_checked'
                                      ELSE 'order_placed' END AS event OFFSET 0) e
      WHERE s.id BETWEEN $1 AND $2`,
    [a, b, n, perSignal, end],
  );
}

/**
 * One row per account and minute from start to end, both included. NAV drifts around the account's
 * MM deposit (its newest deposit transaction, 10,000 without one); the other figures follow from it.
 */
async function insertMetrics(q: Rows, accountIds: number[], start: string, end: string): Promise<void> {
  await q(
    `INSERT INTO account_metrics (exchange_account_id, at, nav, asset_usdt, asset_usdc, other_stable_coins, asset_sum, var, open_orders_volume, free_var,
                                  imp_loss, max_dd, max_ddd, deposit_monthly, deposit_at, balance_daily, return_day_percent, return_month_percent,
                                  return_at_percent, avg_capital_growth_rate)
     SELECT a.id, m.at, m.nav, round(m.nav * 0.7, 8), round(m.nav * 0.2, 8), round(m.nav * 0.1, 8), m.nav, round(m.nav * m.v, 8),
            round(m.nav * 0.1 * m.v, 8), round(m.nav * (1 - m.v), 8), round(-m.nav * 0.02 * m.v, 8), round(3 + 5 * m.v, 8), round(1 + 2 * m.v, 8),
            a.deposit, a.deposit, m.nav, round(0.1 * m.w, 8), round(2 * m.w, 8), round(100 * (m.nav / a.deposit - 1), 8), round(1 + m.w, 8)
       FROM (SELECT x.id, coalesce((SELECT d.deposit_after FROM deposit_transactions d WHERE d.exchange_account_id = x.id ORDER BY d.created_at DESC, d.id DESC LIMIT 1), 10000) AS deposit
               FROM unnest($1::int[]) AS x(id)) a
      CROSS JOIN LATERAL (
        SELECT t.at, round(a.deposit * (1 + 0.0002 * t.minute / 1440 + 0.03 * sin(t.minute / 5000.0)::numeric + 0.002 * (random()::numeric - 0.5)), 8) AS nav,
               (0.2 + 0.3 * random())::numeric AS v, sin(t.minute / 20000.0)::numeric AS w
          FROM (SELECT at, (extract(epoch FROM at - $2::timestamptz) / 60)::int AS minute
                  FROM generate_series($2::timestamptz, $3::timestamptz, interval '1 minute') at) t) m
      ORDER BY a.id, m.at`,
    [accountIds, start, end],
  );
}
