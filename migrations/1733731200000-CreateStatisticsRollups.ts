import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rollups the statistics and charts read instead of raw rows (docs/decisions.md, "Statistics rollups").
 * - profile_day_stats: per strategy profile and UTC day of finish, the sums of its finished and missed
 *   signals; profile_stats and account_stats: each profile's and account's all-time figures from those days
 *   (drawdown included). Kept by statement triggers on signals: the (profile, day) keys a statement touches
 *   are recomputed from the signals of those keys, then the totals of their profiles and accounts.
 * - account_metric_bars: per exchange account OHLC of NAV, equity %, imp. loss % and VAR % by hour, day,
 *   week and month. Kept by statement triggers on account_metrics: touched hours are recomputed from their
 *   minutes, then their days from hours, weeks and months from days.
 * A bulk load (the generator) is one statement per chunk: its keys are recomputed once, set-based.
 * Each key is recomputed under an advisory lock taken before its statement reads, so two writers of one
 * key cannot leave a total that misses the other's rows.
 */
export class CreateStatisticsRollups1733731200000 implements MigrationInterface {
  name = 'CreateStatisticsRollups1733731200000';

  async up(q: QueryRunner): Promise<void> {
    const sums = `
        qty_profit integer NOT NULL DEFAULT 0,
        qty_loss integer NOT NULL DEFAULT 0,
        qty_missed integer NOT NULL DEFAULT 0,
        profit_usd numeric(24, 8) NOT NULL DEFAULT 0,
        loss_usd numeric(24, 8) NOT NULL DEFAULT 0,
        sum_pnl_percent numeric(24, 8) NOT NULL DEFAULT 0,
        sum_pnl_percent_sq numeric(30, 8) NOT NULL DEFAULT 0,
        sum_profit_percent numeric(24, 8) NOT NULL DEFAULT 0,
        sum_loss_percent numeric(24, 8) NOT NULL DEFAULT 0,
        most_loss_percent numeric(18, 8),
        most_loss_usd numeric(24, 8),
        sum_duration_s bigint NOT NULL DEFAULT 0,
        max_duration_s bigint NOT NULL DEFAULT 0,
        turnover numeric(30, 8) NOT NULL DEFAULT 0`;
    await q.query(`
      CREATE TABLE profile_day_stats (
        profile_id integer NOT NULL REFERENCES strategy_profiles(id) ON DELETE CASCADE,
        day date NOT NULL,
        exchange_account_id integer NOT NULL,
        ${sums},
        PRIMARY KEY (profile_id, day)
      )`);
    // Months statistics read one account's days in a date range.
    await q.query(`CREATE INDEX profile_day_stats_account_day_idx ON profile_day_stats (exchange_account_id, day)`);
    const totals = `${sums},
        max_drawdown_usd numeric(24, 8) NOT NULL DEFAULT 0,
        first_day date,
        last_day date,
        updated_at timestamptz NOT NULL DEFAULT now()`;
    await q.query(`CREATE TABLE profile_stats (profile_id integer PRIMARY KEY REFERENCES strategy_profiles(id) ON DELETE CASCADE, ${totals})`);
    await q.query(`CREATE TABLE account_stats (exchange_account_id integer PRIMARY KEY REFERENCES exchange_accounts(id) ON DELETE CASCADE, ${totals})`);
    // A day's signals by profile and finish: the recompute of one (profile, day) reads one index range.
    await q.query(`CREATE INDEX signals_profile_id_finished_at_idx ON signals (profile_id, finished_at) WHERE finished_at IS NOT NULL`);

    const agg = `count(*) FILTER (WHERE s.status = 'finished' AND s.pnl_in_usd > 0),
             count(*) FILTER (WHERE s.status = 'finished' AND coalesce(s.pnl_in_usd, 0) <= 0),
             count(*) FILTER (WHERE s.status = 'missed'),
             coalesce(sum(s.pnl_in_usd) FILTER (WHERE s.status = 'finished' AND s.pnl_in_usd > 0), 0),
             coalesce(sum(s.pnl_in_usd) FILTER (WHERE s.status = 'finished' AND s.pnl_in_usd <= 0), 0),
             coalesce(sum(s.pnl_in_percent) FILTER (WHERE s.status = 'finished'), 0),
             coalesce(sum(s.pnl_in_percent ^ 2) FILTER (WHERE s.status = 'finished'), 0),
             coalesce(sum(s.pnl_in_percent) FILTER (WHERE s.status = 'finished' AND s.pnl_in_usd > 0), 0),
             coalesce(sum(s.pnl_in_percent) FILTER (WHERE s.status = 'finished' AND coalesce(s.pnl_in_usd, 0) <= 0), 0),
             min(s.pnl_in_percent) FILTER (WHERE s.status = 'finished'),
             min(s.pnl_in_usd) FILTER (WHERE s.status = 'finished'),
             coalesce(sum(extract(epoch FROM s.finished_at - s.created_at)::bigint) FILTER (WHERE s.status = 'finished'), 0),
             coalesce(max(extract(epoch FROM s.finished_at - s.created_at)::bigint) FILTER (WHERE s.status = 'finished'), 0),
             coalesce(sum(s.size_currency + s.size_coins * coalesce(s.exit_place, 0)) FILTER (WHERE s.status = 'finished'), 0)`;
    const sumCols = `qty_profit, qty_loss, qty_missed, profit_usd, loss_usd, sum_pnl_percent, sum_pnl_percent_sq, sum_profit_percent,
                     sum_loss_percent, most_loss_percent, most_loss_usd, sum_duration_s, max_duration_s, turnover`;
    const sumOfSums = `sum(qty_profit) AS qty_profit, sum(qty_loss) AS qty_loss, sum(qty_missed) AS qty_missed, sum(profit_usd) AS profit_usd,
                       sum(loss_usd) AS loss_usd, sum(sum_pnl_percent) AS sum_pnl_percent, sum(sum_pnl_percent_sq) AS sum_pnl_percent_sq,
                       sum(sum_profit_percent) AS sum_profit_percent, sum(sum_loss_percent) AS sum_loss_percent, min(most_loss_percent) AS most_loss_percent,
                       min(most_loss_usd) AS most_loss_usd, sum(sum_duration_s) AS sum_duration_s, max(max_duration_s) AS max_duration_s, sum(turnover) AS turnover`;
    // Totals of one key (profile or account) from its days: the sums, and the deepest fall of the running
    // PnL below its earlier peak (starting at zero), day by day.
    const totalsOf = (table: string, key: string, filter: string) => `
      INSERT INTO ${table} (${key}, ${sumCols}, max_drawdown_usd, first_day, last_day, updated_at)
      SELECT k, ${sumOfSums}, coalesce(max(drawdown), 0), min(day), max(day), now()
        FROM (SELECT k, day, ${sumCols},
                     greatest(0, max(running) OVER (PARTITION BY k ORDER BY day)) - running AS drawdown
                FROM (SELECT k, day, ${sumCols}, sum(profit_usd + loss_usd) OVER (PARTITION BY k ORDER BY day) AS running
                        FROM (SELECT ${key === 'profile_id' ? 'profile_id' : 'exchange_account_id'} AS k, day,
                                     ${sumOfSums}
                                FROM profile_day_stats WHERE ${filter} GROUP BY 1, 2) by_day) r) d
       GROUP BY k
      ON CONFLICT (${key}) DO UPDATE SET ${sumCols.split(',').map((c) => `${c.trim()} = excluded.${c.trim()}`).join(', ')},
        max_drawdown_usd = excluded.max_drawdown_usd, first_day = excluded.first_day, last_day = excluded.last_day, updated_at = now()`;

    await q.query(`
      CREATE FUNCTION refresh_profile_day_stats(p_profiles integer[], p_days date[]) RETURNS void LANGUAGE plpgsql AS $$
      DECLARE
        v_profiles integer[];
        v_accounts integer[];
      BEGIN
        IF p_profiles IS NULL OR cardinality(p_profiles) = 0 THEN RETURN; END IF;
        -- Lock the profiles first (in id order, so two writers never wait on each other in a circle):
        -- every statement below reads after the lock, so it sees what a writer before us committed.
        PERFORM pg_advisory_xact_lock(hashtext('profile_day_stats'), p) FROM (SELECT DISTINCT unnest(p_profiles) AS p ORDER BY 1) x;
        DELETE FROM profile_day_stats d USING unnest(p_profiles, p_days) k(profile_id, day) WHERE d.profile_id = k.profile_id AND d.day = k.day;
        INSERT INTO profile_day_stats (profile_id, day, exchange_account_id, ${sumCols})
        SELECT s.profile_id, k.day, min(s.exchange_account_id), ${agg}
          FROM (SELECT DISTINCT * FROM unnest(p_profiles, p_days) u(profile_id, day)) k
          JOIN signals s ON s.profile_id = k.profile_id
                        AND s.finished_at >= k.day::timestamp AT TIME ZONE 'UTC'
                        AND s.finished_at < (k.day + 1)::timestamp AT TIME ZONE 'UTC'
         WHERE s.status IN ('finished', 'missed')
         GROUP BY s.profile_id, k.day;
        v_profiles := ARRAY(SELECT DISTINCT unnest(p_profiles));
        DELETE FROM profile_stats WHERE profile_id = ANY(v_profiles);
        ${totalsOf('profile_stats', 'profile_id', 'profile_id = ANY(v_profiles)')};
        v_accounts := ARRAY(SELECT DISTINCT exchange_account_id FROM strategy_profiles WHERE id = ANY(v_profiles) AND exchange_account_id IS NOT NULL);
        PERFORM pg_advisory_xact_lock(hashtext('account_stats'), a) FROM (SELECT unnest(v_accounts) AS a ORDER BY 1) x;
        DELETE FROM account_stats WHERE exchange_account_id = ANY(v_accounts);
        ${totalsOf('account_stats', 'exchange_account_id', 'exchange_account_id = ANY(v_accounts)')};
      END $$`);
    await q.query(`
      CREATE FUNCTION signals_refresh_stats() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        v_profiles integer[];
        v_days date[];
      BEGIN
        IF TG_OP = 'INSERT' THEN
          SELECT array_agg(profile_id), array_agg(day) INTO v_profiles, v_days FROM (
            SELECT DISTINCT profile_id, (finished_at AT TIME ZONE 'UTC')::date AS day FROM new_rows WHERE finished_at IS NOT NULL AND status IN ('finished', 'missed')) k;
        ELSIF TG_OP = 'UPDATE' THEN
          SELECT array_agg(profile_id), array_agg(day) INTO v_profiles, v_days FROM (
            SELECT profile_id, (finished_at AT TIME ZONE 'UTC')::date AS day FROM new_rows WHERE finished_at IS NOT NULL
            UNION SELECT profile_id, (finished_at AT TIME ZONE 'UTC')::date FROM old_rows WHERE finished_at IS NOT NULL) k;
        ELSE
          SELECT array_agg(profile_id), array_agg(day) INTO v_profiles, v_days FROM (
            SELECT DISTINCT profile_id, (finished_at AT TIME ZONE 'UTC')::date AS day FROM old_rows WHERE finished_at IS NOT NULL) k;
        END IF;
        PERFORM refresh_profile_day_stats(v_profiles, v_days);
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER signals_stats_insert AFTER INSERT ON signals REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION signals_refresh_stats()`);
    await q.query(
      `CREATE TRIGGER signals_stats_update AFTER UPDATE ON signals REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION signals_refresh_stats()`,
    );
    await q.query(`CREATE TRIGGER signals_stats_delete AFTER DELETE ON signals REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION signals_refresh_stats()`);

    const ohlc = (name: string) => `${name}_open numeric(24, 8) NOT NULL, ${name}_high numeric(24, 8) NOT NULL, ${name}_low numeric(24, 8) NOT NULL, ${name}_close numeric(24, 8) NOT NULL`;
    await q.query(`
      CREATE TABLE account_metric_bars (
        exchange_account_id integer NOT NULL REFERENCES exchange_accounts(id) ON DELETE CASCADE,
        tf varchar(2) NOT NULL CHECK (tf IN ('1h', '1d', '1w', '1M')),
        at timestamptz NOT NULL,
        ${ohlc('nav')}, ${ohlc('equity')}, ${ohlc('imp_loss')}, ${ohlc('var')},
        deposit_open numeric(24, 8) NOT NULL,
        deposit_close numeric(24, 8) NOT NULL,
        hwm_close numeric(24, 8) NOT NULL,
        minutes integer NOT NULL,
        first_at timestamptz NOT NULL,
        last_at timestamptz NOT NULL,
        PRIMARY KEY (exchange_account_id, tf, at)
      )`);
    const barCols = `nav_open, nav_high, nav_low, nav_close, equity_open, equity_high, equity_low, equity_close, imp_loss_open, imp_loss_high, imp_loss_low,
                     imp_loss_close, var_open, var_high, var_low, var_close, deposit_open, deposit_close, hwm_close, minutes, first_at, last_at`;
    // OHLC of finer bars: open of the first, close of the last, extremes of all.
    const merged = (source: string, unit: string, tf: string) => `
        INSERT INTO account_metric_bars (exchange_account_id, tf, at, ${barCols})
        SELECT b.exchange_account_id, '${tf}', date_trunc('${unit}', b.at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
               (array_agg(nav_open ORDER BY b.at))[1], max(nav_high), min(nav_low), (array_agg(nav_close ORDER BY b.at DESC))[1],
               (array_agg(equity_open ORDER BY b.at))[1], max(equity_high), min(equity_low), (array_agg(equity_close ORDER BY b.at DESC))[1],
               (array_agg(imp_loss_open ORDER BY b.at))[1], max(imp_loss_high), min(imp_loss_low), (array_agg(imp_loss_close ORDER BY b.at DESC))[1],
               (array_agg(var_open ORDER BY b.at))[1], max(var_high), min(var_low), (array_agg(var_close ORDER BY b.at DESC))[1],
               (array_agg(deposit_open ORDER BY b.at))[1], (array_agg(deposit_close ORDER BY b.at DESC))[1], max(hwm_close),
               sum(minutes), min(first_at), max(last_at)
          FROM account_metric_bars b
          JOIN (SELECT DISTINCT a, date_trunc('${unit}', h AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS at FROM unnest(p_accounts, p_hours) u(a, h)) k
            ON b.exchange_account_id = k.a AND b.tf = '${source}'
           AND b.at >= k.at AND b.at < (k.at AT TIME ZONE 'UTC' + interval '1 ${unit}') AT TIME ZONE 'UTC'
         GROUP BY 1, 2, 3`;
    const dropBars = (tf: string, unit: string) => `
        DELETE FROM account_metric_bars b USING (SELECT DISTINCT a, date_trunc('${unit}', h AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS at FROM unnest(p_accounts, p_hours) u(a, h)) k
         WHERE b.exchange_account_id = k.a AND b.tf = '${tf}' AND b.at = k.at`;
    await q.query(`
      CREATE FUNCTION refresh_account_metric_bars(p_accounts integer[], p_hours timestamptz[]) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        IF p_accounts IS NULL OR cardinality(p_accounts) = 0 THEN RETURN; END IF;
        PERFORM pg_advisory_xact_lock(hashtext('account_metric_bars'), a) FROM (SELECT DISTINCT unnest(p_accounts) AS a ORDER BY 1) x;
        ${dropBars('1h', 'hour')};
        -- Equity: NAV against the deposit, imp. loss and VAR as percents of NAV; the high-water mark is the
        -- highest NAV so far (the hour's own peak here, the running maximum is taken where it is read).
        INSERT INTO account_metric_bars (exchange_account_id, tf, at, ${barCols})
        SELECT m.exchange_account_id, '1h', k.at,
               (array_agg(m.nav ORDER BY m.at))[1], max(m.nav), min(m.nav), (array_agg(m.nav ORDER BY m.at DESC))[1],
               (array_agg(e.equity ORDER BY m.at))[1], max(e.equity), min(e.equity), (array_agg(e.equity ORDER BY m.at DESC))[1],
               (array_agg(e.imp_loss ORDER BY m.at))[1], max(e.imp_loss), min(e.imp_loss), (array_agg(e.imp_loss ORDER BY m.at DESC))[1],
               (array_agg(e.var ORDER BY m.at))[1], max(e.var), min(e.var), (array_agg(e.var ORDER BY m.at DESC))[1],
               (array_agg(m.deposit_at ORDER BY m.at))[1], (array_agg(m.deposit_at ORDER BY m.at DESC))[1], max(m.nav),
               count(*), min(m.at), max(m.at)
          FROM (SELECT DISTINCT a, date_trunc('hour', h AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS at FROM unnest(p_accounts, p_hours) u(a, h)) k
          JOIN account_metrics m ON m.exchange_account_id = k.a AND m.at >= k.at AND m.at < k.at + interval '1 hour'
         CROSS JOIN LATERAL (SELECT CASE WHEN m.deposit_at > 0 THEN round(100 * (m.nav / m.deposit_at - 1), 8) ELSE 0 END AS equity,
                                    CASE WHEN m.nav > 0 THEN round(100 * m.imp_loss / m.nav, 8) ELSE 0 END AS imp_loss,
                                    CASE WHEN m.nav > 0 THEN round(100 * m.var / m.nav, 8) ELSE 0 END AS var) e
         GROUP BY m.exchange_account_id, k.at;
        ${dropBars('1d', 'day')};
        ${merged('1h', 'day', '1d')};
        ${dropBars('1w', 'week')};
        ${merged('1d', 'week', '1w')};
        ${dropBars('1M', 'month')};
        ${merged('1d', 'month', '1M')};
      END $$`);
    await q.query(`
      CREATE FUNCTION account_metrics_refresh_bars() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        v_accounts integer[];
        v_hours timestamptz[];
      BEGIN
        IF TG_OP = 'INSERT' THEN
          SELECT array_agg(a), array_agg(h) INTO v_accounts, v_hours FROM (SELECT DISTINCT exchange_account_id AS a, date_trunc('hour', at) AS h FROM new_rows) k;
        ELSIF TG_OP = 'UPDATE' THEN
          SELECT array_agg(a), array_agg(h) INTO v_accounts, v_hours FROM (
            SELECT exchange_account_id AS a, date_trunc('hour', at) AS h FROM new_rows UNION SELECT exchange_account_id, date_trunc('hour', at) FROM old_rows) k;
        ELSE
          SELECT array_agg(a), array_agg(h) INTO v_accounts, v_hours FROM (SELECT DISTINCT exchange_account_id AS a, date_trunc('hour', at) AS h FROM old_rows) k;
        END IF;
        PERFORM refresh_account_metric_bars(v_accounts, v_hours);
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER account_metrics_bars_insert AFTER INSERT ON account_metrics REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION account_metrics_refresh_bars()`);
    await q.query(
      `CREATE TRIGGER account_metrics_bars_update AFTER UPDATE ON account_metrics REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION account_metrics_refresh_bars()`,
    );
    await q.query(`CREATE TRIGGER account_metrics_bars_delete AFTER DELETE ON account_metrics REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION account_metrics_refresh_bars()`);

    // Rows already there (a database migrated after trading data arrived).
    await q.query(`SELECT refresh_account_metric_bars(array_agg(a), array_agg(h)) FROM (SELECT DISTINCT exchange_account_id AS a, date_trunc('hour', at) AS h FROM account_metrics) k`);
    await q.query(
      `SELECT refresh_profile_day_stats(array_agg(p), array_agg(d)) FROM (SELECT DISTINCT profile_id AS p, (finished_at AT TIME ZONE 'UTC')::date AS d FROM signals WHERE finished_at IS NOT NULL) k`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['account_metrics_bars_insert', 'account_metrics_bars_update', 'account_metrics_bars_delete']) await q.query(`DROP TRIGGER ${t} ON account_metrics`);
    for (const t of ['signals_stats_insert', 'signals_stats_update', 'signals_stats_delete']) await q.query(`DROP TRIGGER ${t} ON signals`);
    await q.query(`DROP FUNCTION account_metrics_refresh_bars(), refresh_account_metric_bars(integer[], timestamptz[]), signals_refresh_stats(), refresh_profile_day_stats(integer[], date[])`);
    await q.query(`DROP TABLE account_metric_bars, account_stats, profile_stats, profile_day_stats`);
    await q.query(`DROP INDEX signals_profile_id_finished_at_idx`);
  }
}
