/**
 * A stand-in for a team's own engine, written from docs/engine-protocol.md alone (section "Plugging in
 * an engine"): plain SQL on the console's database through `pg`, nothing from the bundled engine or the
 * API. It trades nothing by itself; a test tells it to open a signal, and it carries out the commands
 * it supports (cancel_signal, cancel_order, close_market, reduce_position, set_skip_check, the profiles' and
 * MM profiles' start and stop, enable_bot, disable_bot) and
 * refuses the others with an error, as the protocol lets an engine do. close_limit and close_best_limit
 * it holds under a lease (its market never reaches their price) until a close at market supersedes them.
 * Its account metrics carry deposits as flows (§1.5). The conformance kit runs it as a process
 * (scripts/engine-conformance/minimal-engine.mjs), with flags that plant defects.
 */
import { Pool, type PoolClient } from 'pg';

/** The target's action_state once a command succeeded, by kind (the protocol's table). */
export const DONE_STATE: Record<string, string> = {
  cancel_signal: 'CANCELLED',
  cancel_order: 'CANCELLED',
  close_market: 'CLOSED',
  close_limit: 'CLOSED',
  close_best_limit: 'CLOSED',
  close_lost_position: 'CLOSED',
  reduce_position: 'CHANGED',
  set_skip_check: 'CHANGED',
  recover_k_exit: 'CHANGED',
  start_profile: 'CHANGED',
  stop_profile: 'CHANGED',
  start_mm_profile: 'CHANGED',
  stop_mm_profile: 'CHANGED',
  start_ticker_config: 'CHANGED',
  stop_ticker_config: 'CHANGED',
  enable_bot: 'CHANGED',
  disable_bot: 'CHANGED',
  set_broker_program: 'CHANGED',
};

/** The table holding each target type's action_state (ticker configs and exchange accounts have none). */
const TARGET_TABLE: Record<string, string | undefined> = {
  signal: 'signals',
  order: 'orders',
  position: 'positions',
  strategy_profile: 'strategy_profiles',
  mm_profile: 'mm_profiles',
};

export const UNSUPPORTED = 'This engine does not carry out this action.';

/** The kinds held pending under a lease until their order fills (contracts HELD_COMMAND_KINDS). */
const HELD_KINDS = ['close_limit', 'close_best_limit'];
/** The held command's end when a close at market replaces it (contracts ENGINE_MESSAGES.closeSuperseded). */
const CLOSE_SUPERSEDED = 'Replaced by a close at market before the limit order filled.';
/** A held command is carried out later; the turn that took it only leases it. */
const HOLD = Symbol('hold');

/** What the engine was told to get wrong, for the conformance kit's planted-defect runs. */
export interface PlantedDefects {
  /** Takes its settled commands again and completes them a second time. */
  completeTwice?: boolean;
  /** Writes the money put in it read at its start, whatever deposits come later. */
  ignoreDeposits?: boolean;
  /** Reduces a position to the percent instead of by it. */
  reduceTo?: boolean;
  /** Sets both skip checks to the value of the one the command names. */
  skipBoth?: boolean;
}

export interface EngineOptions {
  /** Its name on the leases it holds (unique per process). */
  instanceId?: string;
  leaseSeconds?: number;
  defects?: PlantedDefects;
}

/** A settled command: what the engine announces on the live stream after the commit. */
export interface Settled {
  id: string;
  kind: string;
  targetId: string | null;
  stage: 'succeeded' | 'failed' | 'superseded';
}

interface Command {
  id: string;
  kind: string;
  target_type: string;
  target_id: string | null;
  payload: Record<string, unknown>;
}

export class MinimalEngine {
  private readonly pool: Pool;
  private readonly instanceId: string;
  private readonly leaseSeconds: number;
  private readonly defects: PlantedDefects;
  /** Ids of the commands this instance completed, in order. */
  readonly completed: string[] = [];
  /** The commands settled by the last takeCommands, with those it superseded. */
  settled: Settled[] = [];
  /** Per account: the money put in its last metrics row counted, and the day's opening balance. */
  private readonly books = new Map<number, { moneyPutIn: number; balanceDaily: number; day: string }>();

  constructor(databaseUrl: string, options: EngineOptions = {}) {
    this.pool = new Pool({ connectionString: databaseUrl, max: 2, application_name: 'minimal-engine' });
    this.instanceId = options.instanceId ?? `minimal-engine-${process.pid}-${Math.random().toString(36).slice(2)}`;
    this.leaseSeconds = options.leaseSeconds ?? 30;
    this.defects = options.defects ?? {};
  }

  close(): Promise<void> {
    return this.pool.end();
  }

  /** Health: engine_state.heartbeat_at, on the database's clock. */
  async beat(): Promise<void> {
    await this.pool.query(`UPDATE engine_state SET heartbeat_at = now() WHERE singleton`);
  }

  /**
   * A long signal on the profile's pair, entered at once: the signal (active, active_fp), a filled enter
   * order and a resting exit, and the open position, in one transaction. Only while the bot is enabled
   * and the profile active; answers the signal id, or null when the gates say no.
   */
  async openSignal(profileId: number, pairId: number, opts: { price: number; coins: number; exitPrice: number }): Promise<string | null> {
    return this.transaction(async (db) => {
      const { rows: bot } = await db.query<{ status: string }>(`SELECT status FROM bot_status WHERE singleton`);
      const { rows: profiles } = await db.query<{ exchange_account_id: number; status: string; timeframe: string }>(
        `SELECT exchange_account_id, status, timeframe FROM strategy_profiles WHERE id = $1`,
        [profileId],
      );
      const profile = profiles[0];
      if (bot[0]?.status !== 'enabled' || profile?.status !== 'active') return null;
      const size = opts.price * opts.coins;
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO signals (exchange_account_id, profile_id, pair_id, timeframe, direction, status, state, execution, size_currency, size_coins,
                              start_point, avg_e_price, exit_place, current_price, pnl_in_usd, pnl_in_percent, minute_activated_at)
         VALUES ($1, $2, $3, $4, 'long', 'active', 'active_fp', 100, $5, $6, $7, $7, $8, $7, 0, 0, now()) RETURNING id::text`,
        [profile.exchange_account_id, profileId, pairId, profile.timeframe ?? '1h', size, opts.coins, opts.price, opts.exitPrice],
      );
      const signalId = rows[0].id;
      const order = (type: string, side: string, price: number, filled: number, status: string) =>
        db.query(
          `INSERT INTO orders (signal_id, exchange_account_id, profile_id, pair_id, order_type, direction, position_direction, price, quantity, filled_quantity, state, status)
           VALUES ($1, $2, $3, $4, $5, $6, 'long', $7, $8, $9, $10, $10)`,
          [signalId, profile.exchange_account_id, profileId, pairId, type, side, price, opts.coins, filled, status],
        );
      await order('enter', 'buy', opts.price, opts.coins, 'FILLED');
      await order('exit', 'sell', opts.exitPrice, 0, 'PLACED');
      await db.query(
        `INSERT INTO positions (signal_id, exchange_account_id, profile_id, pair_id, side, state, active_p_size_usd, active_p_coins, avg_e_price, current_price, mark_price)
         VALUES ($1, $2, $3, $4, 'long', 'open', $5, $6, $7, $7, $7)`,
        [signalId, profile.exchange_account_id, profileId, pairId, size, opts.coins, opts.price],
      );
      return signalId;
    });
  }

  /**
   * Takes the pending commands no other engine holds (FOR UPDATE SKIP LOCKED), carries each out and
   * completes it in the same transaction, only while it is still pending: a command is done once even
   * with several engines, or one that crashed mid-way (its transaction rolls back, the row stays pending).
   */
  async takeCommands(closePrice: number | undefined, limit = 50, opts: { crashBeforeCommit?: boolean } = {}): Promise<string[]> {
    const settled: Settled[] = [];
    const done = await this.transaction(async (db) => {
      // The planted defect: settled commands are taken again, as an engine that forgets the status would.
      const open = this.defects.completeTwice ? `status IN ('pending', 'succeeded')` : `status = 'pending'`;
      const { rows } = await db.query<Command>(
        `SELECT id::text, kind, target_type, target_id::text, payload FROM engine_commands
          WHERE ${open} AND (lease_expires_at IS NULL OR lease_expires_at < clock_timestamp()) ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [limit],
      );
      const done: string[] = [];
      for (const command of rows) {
        const outcome = await this.carryOut(db, command, closePrice, settled);
        if (outcome === HOLD) {
          await db.query(
            `UPDATE engine_commands SET lease_owner = $2, lease_expires_at = clock_timestamp() + make_interval(secs => $3) WHERE id = $1`,
            [command.id, this.instanceId, this.leaseSeconds],
          );
          continue;
        }
        if (await this.complete(db, command, outcome)) {
          done.push(command.id);
          settled.push({ id: command.id, kind: command.kind, targetId: command.target_id, stage: outcome === null ? 'succeeded' : 'failed' });
        }
      }
      if (opts.crashBeforeCommit) throw new Error('crashed before the commit');
      return done;
    });
    this.completed.push(...done);
    this.settled = settled;
    return done;
  }

  /** Renews the leases of the held commands this engine still holds; answers their ids. */
  async renewLeases(): Promise<string[]> {
    const { rows } = await this.pool.query<{ id: string }>(
      `UPDATE engine_commands SET lease_expires_at = clock_timestamp() + make_interval(secs => $2)
        WHERE status = 'pending' AND lease_owner = $1 RETURNING id::text`,
      [this.instanceId, this.leaseSeconds],
    );
    return rows.map((r) => r.id);
  }

  /** The newest minute it (or an earlier run) wrote metrics for, so a restarted engine goes on from there; null when none. */
  async lastMetricsMinute(): Promise<number | null> {
    const { rows } = await this.pool.query<{ at: Date | null }>(`SELECT max(at) AS at FROM account_metrics`);
    return rows[0]?.at ? rows[0].at.getTime() : null;
  }

  /**
   * One account_metrics row per account for `minute`: the wallet is the money put in (from
   * deposit_transactions, as §2.1 says) plus the realised PnL, NAV adds the open positions' u_pnl; a
   * change of the money put in since the last row is a flow that shifts the day's base with it.
   */
  async writeMetrics(minute: Date): Promise<void> {
    await this.transaction(async (db) => {
      const { rows } = await db.query<{ id: number; put_in: string | null; quotas: string; realised: string; unrealised: string }>(
        `SELECT a.id,
                (SELECT (array_agg(d.deposit_before ORDER BY d.id))[1]
                        + sum(CASE d.type WHEN 'deposit' THEN d.amount WHEN 'withdrawal' THEN -d.amount ELSE 0 END)
                   FROM deposit_transactions d WHERE d.exchange_account_id = a.id)::text AS put_in,
                (SELECT coalesce(sum(m.all_signals_quota), 0) FROM mm_profiles m WHERE m.exchange_account_id = a.id)::text AS quotas,
                (SELECT coalesce(sum(p.r_pnl), 0) FROM positions p WHERE p.exchange_account_id = a.id)::text AS realised,
                (SELECT coalesce(sum(p.u_pnl), 0) FROM positions p WHERE p.exchange_account_id = a.id AND p.closed_at IS NULL)::text AS unrealised
           FROM exchange_accounts a ORDER BY a.id`,
      );
      const day = minute.toISOString().slice(0, 10);
      for (const account of rows) {
        const putIn = Number(account.put_in ?? account.quotas);
        const book = this.books.get(account.id);
        const moneyPutIn = book && this.defects.ignoreDeposits ? book.moneyPutIn : putIn;
        const nav = moneyPutIn + Number(account.realised) + Number(account.unrealised);
        const flow = book ? moneyPutIn - book.moneyPutIn : 0;
        const balanceDaily = !book ? nav : book.day === day ? book.balanceDaily + flow : nav - flow;
        this.books.set(account.id, { moneyPutIn, balanceDaily, day });
        await db.query(
          `INSERT INTO account_metrics (exchange_account_id, at, nav, asset_usdt, asset_sum, deposit_at, balance_daily, return_day_percent, return_at_percent)
           VALUES ($1, $2, $3, $4, $4, $5, $6, $7, $8)
           ON CONFLICT (exchange_account_id, at) DO UPDATE SET nav = EXCLUDED.nav, asset_usdt = EXCLUDED.asset_usdt, asset_sum = EXCLUDED.asset_sum,
             deposit_at = EXCLUDED.deposit_at, balance_daily = EXCLUDED.balance_daily, return_day_percent = EXCLUDED.return_day_percent,
             return_at_percent = EXCLUDED.return_at_percent`,
          [account.id, minute, nav, nav - Number(account.unrealised), moneyPutIn, balanceDaily, 100 * (nav / balanceDaily - 1), 100 * (nav / moneyPutIn - 1)],
        );
      }
    });
  }

  /** Settles a pending command and its target's action_state; false when it was settled already. */
  private async complete(db: PoolClient, command: Command, error: string | null): Promise<boolean> {
    const { rowCount } = await db.query(
      `UPDATE engine_commands SET status = $2, error = $3, completed_at = now() WHERE id = $1 AND ${this.defects.completeTwice ? 'true' : `status = 'pending'`}`,
      [command.id, error === null ? 'succeeded' : 'failed', error],
    );
    if (rowCount !== 1) return false;
    const state = error === null ? DONE_STATE[command.kind] : 'NONE';
    if (command.target_type === 'system') await db.query(`UPDATE bot_status SET action_state = $1 WHERE singleton`, [state]);
    const table = TARGET_TABLE[command.target_type];
    if (table) await db.query(`UPDATE ${table} SET action_state = $1 WHERE id = $2`, [state, command.target_id]);
    return true;
  }

  /** The command's effect on the trading rows; the error text when it cannot be done. */
  private async carryOut(db: PoolClient, command: Command, closePrice: number | undefined, settled: Settled[]): Promise<string | null | typeof HOLD> {
    const id = command.target_id;
    if (HELD_KINDS.includes(command.kind)) return HOLD;
    switch (command.kind) {
      case 'cancel_order': {
        const { rowCount } = await db.query(
          `UPDATE orders SET status = 'CANCELED_MANUAL', state = 'CANCELED', updated_at = now() WHERE id = $1 AND status IN ('PLACING', 'PLACED', 'PARTIALLY_FILLED')`,
          [id],
        );
        return rowCount === 1 ? null : 'This order is no longer open.';
      }
      case 'cancel_signal': {
        const { rowCount } = await db.query(
          `UPDATE signals SET status = 'canceled', state = 'canceled_by_user', finished_at = now(), updated_at = now() WHERE id = $1 AND state = 'active_np'`,
          [id],
        );
        if (rowCount !== 1) return 'Only a signal with nothing filled can be cancelled.';
        await db.query(`UPDATE orders SET status = 'CANCELED_MANUAL', state = 'CANCELED', updated_at = now() WHERE signal_id = $1 AND status IN ('PLACING', 'PLACED', 'PARTIALLY_FILLED')`, [id]);
        return null;
      }
      case 'close_market': {
        const error = await this.closeAtMarket(db, id, closePrice);
        if (error === null) await this.supersedeHeldCloses(db, command, settled);
        return error;
      }
      case 'reduce_position':
        return this.reduce(db, id, Number(command.payload.percent), closePrice);
      case 'set_skip_check': {
        // A flag the payload leaves out keeps its column.
        const named = (name: string) => (typeof command.payload[name] === 'boolean' ? command.payload[name] : null);
        const flag = (name: string) => (this.defects.skipBoth ? (named('skip_check_by_timer') ?? named('skip_check_by_distance')) : named(name));
        const { rowCount } = await db.query(
          `UPDATE positions SET skip_check_by_timer = coalesce($2, skip_check_by_timer), skip_check_by_distance = coalesce($3, skip_check_by_distance), updated_at = now()
            WHERE id = $1 AND state = 'open'`,
          [id, flag('skip_check_by_timer'), flag('skip_check_by_distance')],
        );
        return rowCount === 1 ? null : 'This position is not open.';
      }
      case 'start_profile':
      case 'start_mm_profile':
        // The API set the status; the profile trades from the next minute.
        return null;
      case 'stop_profile':
        await db.query(`UPDATE strategy_profiles SET status = 'inactive', updated_at = now() WHERE id = $1 AND status = 'stopping'`, [id]);
        return null;
      case 'stop_mm_profile':
        await db.query(`UPDATE mm_profiles SET status = 'inactive', updated_at = now() WHERE id = $1 AND status = 'stopping'`, [id]);
        return null;
      case 'enable_bot':
      case 'disable_bot':
        await db.query(`UPDATE bot_status SET status = $1, updated_at = now() WHERE singleton`, [command.kind === 'enable_bot' ? 'enabled' : 'disabled']);
        return null;
      default:
        return UNSUPPORTED;
    }
  }

  /** A close at market ends the held closes of its position, whichever engine holds them (§2.5). */
  private async supersedeHeldCloses(db: PoolClient, closeAtMarket: Command, settled: Settled[]): Promise<void> {
    const { rows } = await db.query<{ id: string; kind: string }>(
      `UPDATE engine_commands SET status = 'superseded', superseded_by = $1, error = $3, completed_at = now()
        WHERE target_type = 'position' AND target_id = $2 AND kind = ANY($4) AND status = 'pending' RETURNING id::text, kind`,
      [closeAtMarket.id, closeAtMarket.target_id, CLOSE_SUPERSEDED, HELD_KINDS],
    );
    for (const row of rows) settled.push({ id: row.id, kind: row.kind, targetId: closeAtMarket.target_id, stage: 'superseded' });
  }

  /** An open position's row, locked for the command that changes it; undefined when it is not open. */
  private async openPosition(db: PoolClient, positionId: string | null) {
    const { rows } = await db.query<{ signal_id: string; coins: string; avg: string; current: string | null; account: number; profile: number; pair: number; side: string }>(
      `SELECT signal_id::text, active_p_coins::text AS coins, current_price::text AS current, avg_e_price::text AS avg, exchange_account_id AS account, profile_id AS profile,
              pair_id AS pair, side
         FROM positions WHERE id = $1 AND state = 'open' FOR UPDATE`,
      [positionId],
    );
    return rows[0];
  }

  /** The whole position sold at the price (without one, at the row's current price): closed with its realised PnL, the exit cancelled, the signal finished. */
  private async closeAtMarket(db: PoolClient, positionId: string | null, closePrice: number | undefined): Promise<string | null> {
    const position = await this.openPosition(db, positionId);
    if (!position) return 'This position is not open.';
    const price = closePrice ?? Number(position.current ?? position.avg);
    const coins = Number(position.coins);
    const pnl = (price - Number(position.avg)) * coins;
    await db.query(`UPDATE orders SET status = 'CANCELED_MANUAL', state = 'CANCELED', updated_at = now() WHERE signal_id = $1 AND status IN ('PLACING', 'PLACED', 'PARTIALLY_FILLED')`, [position.signal_id]);
    await db.query(
      `INSERT INTO orders (signal_id, exchange_account_id, profile_id, pair_id, order_type, direction, position_direction, price, quantity, filled_quantity, state, status, time_in_force)
       VALUES ($1, $2, $3, $4, 'exit', 'sell', 'long', $5, $6, $6, 'FILLED', 'FILLED', 'IOC')`,
      [position.signal_id, position.account, position.profile, position.pair, price, coins],
    );
    await db.query(
      `UPDATE positions SET state = 'closed', closed_at = now(), updated_at = now(), active_p_coins = 0, active_p_size_usd = 0, u_pnl = 0,
              r_pnl = r_pnl + $2, current_price = $3, mark_price = $3 WHERE id = $1`,
      [positionId, pnl, price],
    );
    await db.query(
      `UPDATE signals SET status = 'finished', state = 'finished', finished_at = now(), updated_at = now(), exit_place = $2, current_price = $2,
              pnl_in_usd = $3::numeric, pnl_in_percent = 100 * $3::numeric / nullif(size_currency, 0) WHERE id = $1`,
      [position.signal_id, price, pnl],
    );
    return null;
  }

  /**
   * Reduce p % (§1.3): `coins · p / 100`, cut to 12 decimals, sold at market (a filled exit order); the
   * position keeps the rest at its average price, realises the PnL sold and records reduce_p; the signal
   * has part of its position out again (`_pf`).
   */
  private async reduce(db: PoolClient, positionId: string | null, percent: number, closePrice: number | undefined): Promise<string | null> {
    if (!(percent > 0 && percent < 100)) return 'Percent of reducing must be more than 0 and less than 100.';
    const position = await this.openPosition(db, positionId);
    if (!position) return 'This position is not open.';
    const price = closePrice ?? Number(position.current ?? position.avg);
    const coins = Number(position.coins);
    const avg = Number(position.avg);
    const share = this.defects.reduceTo ? 100 - percent : percent;
    const sold = Math.trunc(coins * share * 1e10) / 1e12;
    const left = Number((coins - sold).toFixed(12));
    const sign = position.side === 'short' ? -1 : 1;
    const pnl = (price - avg) * sold * sign;
    await db.query(
      `INSERT INTO orders (signal_id, exchange_account_id, profile_id, pair_id, order_type, direction, position_direction, price, quantity, filled_quantity, state, status, time_in_force)
       VALUES ($1, $2, $3, $4, 'exit', $5, $6, $7, $8, $8, 'FILLED', 'FILLED', 'IOC')`,
      [position.signal_id, position.account, position.profile, position.pair, sign > 0 ? 'sell' : 'buy', position.side, price, sold.toFixed(12)],
    );
    await db.query(
      `UPDATE positions SET active_p_coins = $2, active_p_size_usd = round($2::numeric * avg_e_price, 8), u_pnl = round(($3::numeric - avg_e_price) * $2::numeric * $4, 8),
              r_pnl = r_pnl + $5, reduce_p = $6, current_price = $3, updated_at = now() WHERE id = $1`,
      [positionId, left.toFixed(12), price, sign, pnl.toFixed(8), percent],
    );
    await db.query(`UPDATE signals SET state = CASE WHEN state IN ('active_pp', 'active_pp_pf') THEN 'active_pp_pf' ELSE 'active_fp_pf' END, updated_at = now() WHERE id = $1`, [position.signal_id]);
    return null;
  }

  private async transaction<T>(fn: (db: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await fn(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
}
