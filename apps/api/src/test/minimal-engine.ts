/**
 * A stand-in for a team's own engine, written from docs/engine-protocol.md alone (section "Plugging in
 * an engine"): plain SQL on the console's database through `pg`, nothing from the bundled engine or the
 * API. It trades nothing by itself; a test tells it to open a signal, and it carries out the commands
 * it supports (cancel_signal, cancel_order, close_market, stop_profile, enable_bot, disable_bot) and
 * refuses the others with an error, as the protocol lets an engine do.
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

interface Command {
  id: string;
  kind: string;
  target_type: string;
  target_id: string | null;
  payload: Record<string, unknown>;
}

export class MinimalEngine {
  private readonly pool: Pool;
  /** Ids of the commands this instance completed, in order. */
  readonly completed: string[] = [];

  constructor(databaseUrl: string) {
    this.pool = new Pool({ connectionString: databaseUrl, max: 2, application_name: 'minimal-engine' });
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
  async takeCommands(closePrice: number, limit = 50, opts: { crashBeforeCommit?: boolean } = {}): Promise<string[]> {
    return this.transaction(async (db) => {
      const { rows } = await db.query<Command>(
        `SELECT id::text, kind, target_type, target_id::text, payload FROM engine_commands
          WHERE status = 'pending' AND (lease_expires_at IS NULL OR lease_expires_at < clock_timestamp()) ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [limit],
      );
      const done: string[] = [];
      for (const command of rows) {
        const error = await this.carryOut(db, command, closePrice);
        if (await this.complete(db, command, error)) done.push(command.id);
      }
      if (opts.crashBeforeCommit) throw new Error('crashed before the commit');
      this.completed.push(...done);
      return done;
    });
  }

  /** Settles a pending command and its target's action_state; false when it was settled already. */
  private async complete(db: PoolClient, command: Command, error: string | null): Promise<boolean> {
    const { rowCount } = await db.query(
      `UPDATE engine_commands SET status = $2, error = $3, completed_at = now() WHERE id = $1 AND status = 'pending'`,
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
  private async carryOut(db: PoolClient, command: Command, closePrice: number): Promise<string | null> {
    const id = command.target_id;
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
      case 'close_market':
        return this.closeAtMarket(db, id, closePrice);
      case 'stop_profile':
        await db.query(`UPDATE strategy_profiles SET status = 'inactive', updated_at = now() WHERE id = $1 AND status = 'stopping'`, [id]);
        return null;
      case 'enable_bot':
      case 'disable_bot':
        await db.query(`UPDATE bot_status SET status = $1, updated_at = now() WHERE singleton`, [command.kind === 'enable_bot' ? 'enabled' : 'disabled']);
        return null;
      default:
        return UNSUPPORTED;
    }
  }

  /** The whole position sold at the price: closed with its realised PnL, the exit cancelled, the signal finished. */
  private async closeAtMarket(db: PoolClient, positionId: string | null, price: number): Promise<string | null> {
    const { rows } = await db.query<{ signal_id: string; coins: string; avg: string; account: number; profile: number; pair: number }>(
      `SELECT signal_id::text, active_p_coins::text AS coins, avg_e_price::text AS avg, exchange_account_id AS account, profile_id AS profile, pair_id AS pair
         FROM positions WHERE id = $1 AND state = 'open' FOR UPDATE`,
      [positionId],
    );
    const position = rows[0];
    if (!position) return 'This position is not open.';
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
