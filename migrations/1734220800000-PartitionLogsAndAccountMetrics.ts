import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The two tables that grow every minute, logs (the engine's signal events, every user's audit and
 * sign-in rows) and account_metrics (one row per account and minute), become range-partitioned by
 * month on their time column, so retention drops whole months instead of deleting rows
 * (docs/decisions.md, "Time partitions"). Plain declarative partitioning: it runs on embedded PostgreSQL.
 *
 * - create_month_partition(parent, instant): the month partition holding `instant` (`<parent>_pYYYYMM`,
 *   UTC months), made once; rows of that month the default partition caught move into it first.
 * - ensure_month_partitions(parent, from, to): every month from `from` to `to`, for writers of past
 *   months (history mode, the demo generator) and the maintenance job (months ahead).
 * - Each table is rebuilt: the new partitioned table (columns, defaults and CHECKs copied), a default
 *   partition for rows outside every month, the months that have rows and two ahead, the rows moved, the
 *   names swapped; then its primary key (with the partition key added), foreign keys, indexes and
 *   triggers are made again from the old table's own definitions. One transaction per migration:
 *   both tables are locked for writes until it commits.
 */
const TABLES: ReadonlyArray<{ table: string; key: string }> = [
  { table: 'logs', key: 'created_at' },
  { table: 'account_metrics', key: 'at' },
];

/** Months made ahead of the newest row (the maintenance job keeps it so afterwards). */
const MONTHS_AHEAD = 2;

interface Definitions {
  primaryKey: string[];
  foreignKeys: { name: string; definition: string }[];
  indexes: string[];
  triggers: string[];
}

async function definitionsOf(q: QueryRunner, table: string): Promise<Definitions> {
  const [{ columns }] = await q.query(
    `SELECT array_agg(a.attname::text ORDER BY k.n) AS columns
       FROM pg_index i CROSS JOIN unnest(i.indkey) WITH ORDINALITY k(attnum, n) JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
      WHERE i.indrelid = $1::regclass AND i.indisprimary`,
    [table],
  );
  const foreignKeys = await q.query(`SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conrelid = $1::regclass AND contype = 'f' ORDER BY conname`, [table]);
  const referenced: unknown[] = await q.query(`SELECT 1 FROM pg_constraint WHERE confrelid = $1::regclass AND contype = 'f'`, [table]);
  if (referenced.length) throw new Error(`${table} is referenced by a foreign key; this migration does not carry those over`);
  // A partitioned index reads "ON ONLY <table>"; on the rebuilt table it is made for every partition.
  const indexes = (
    await q.query(`SELECT pg_get_indexdef(i.indexrelid) AS definition FROM pg_index i WHERE i.indrelid = $1::regclass AND NOT i.indisprimary ORDER BY i.indexrelid`, [table])
  ).map((r: { definition: string }) => r.definition.replace(/ ON ONLY /, ' ON '));
  const triggers = (await q.query(`SELECT pg_get_triggerdef(oid) AS definition FROM pg_trigger WHERE tgrelid = $1::regclass AND NOT tgisinternal ORDER BY oid`, [table])).map(
    (r: { definition: string }) => r.definition,
  );
  return { primaryKey: columns ?? [], foreignKeys, indexes, triggers };
}

/**
 * Rebuilds `table` with the same columns, partitioned by month on `key` (or plain again, for down),
 * moving its rows; `primaryKey` is the new table's key. Indexes and triggers keep their names.
 */
async function rebuild(q: QueryRunner, table: string, key: string, partitioned: boolean, primaryKey: (old: string[]) => string[]): Promise<void> {
  const old = `${table}_rebuilt_from`;
  const defs = await definitionsOf(q, table);
  await q.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
  await q.query(`ALTER TABLE ${table} RENAME TO ${old}`);
  await q.query(`CREATE TABLE ${table} (LIKE ${old} INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING STORAGE INCLUDING COMMENTS)${partitioned ? ` PARTITION BY RANGE (${key})` : ''}`);
  if (partitioned) {
    await q.query(`CREATE TABLE ${table}_default PARTITION OF ${table} DEFAULT`);
    // The months that have rows (not every month between the oldest and the newest: one stray row of
    // 1970 would make hundreds), then this month and the ones ahead.
    await q.query(`SELECT create_month_partition('${table}'::regclass, month) FROM (SELECT DISTINCT date_trunc('month', ${key}, 'UTC') AS month FROM ${old}) m ORDER BY month`);
    await q.query(`SELECT ensure_month_partitions('${table}'::regclass, now(), now() + make_interval(months => ${MONTHS_AHEAD}))`);
  }
  // No index and no trigger on the new table yet: the rows go in at the speed of a plain copy.
  await q.query(`INSERT INTO ${table} SELECT * FROM ${old}`);
  const sequences: { sequence: string; column: string }[] = await q.query(
    `SELECT pg_get_serial_sequence($1, attname) AS sequence, attname AS column FROM pg_attribute
      WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND pg_get_serial_sequence($1, attname) IS NOT NULL`,
    [old],
  );
  for (const { sequence, column } of sequences) await q.query(`ALTER SEQUENCE ${sequence} OWNED BY ${table}.${column}`);
  await q.query(`DROP TABLE ${old}`);
  await q.query(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_pkey PRIMARY KEY (${primaryKey(defs.primaryKey).join(', ')})`);
  for (const fk of defs.foreignKeys) await q.query(`ALTER TABLE ${table} ADD CONSTRAINT ${fk.name} ${fk.definition}`);
  for (const definition of defs.indexes) await q.query(definition);
  for (const definition of defs.triggers) await q.query(definition);
  await q.query(`ANALYZE ${table}`);
}

export class PartitionLogsAndAccountMetrics1734220800000 implements MigrationInterface {
  name = 'PartitionLogsAndAccountMetrics1734220800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION create_month_partition(p_parent regclass, p_at timestamptz) RETURNS boolean LANGUAGE plpgsql AS $$
      DECLARE
        v_schema text;
        v_table text;
        v_key text;
        v_from timestamptz := date_trunc('month', p_at, 'UTC');
        v_to timestamptz := (date_trunc('month', p_at, 'UTC') AT TIME ZONE 'UTC' + interval '1 month') AT TIME ZONE 'UTC';
        v_name text;
      BEGIN
        SELECT n.nspname, c.relname, a.attname INTO v_schema, v_table, v_key
          FROM pg_partitioned_table pt JOIN pg_class c ON c.oid = pt.partrelid JOIN pg_namespace n ON n.oid = c.relnamespace
          JOIN pg_attribute a ON a.attrelid = pt.partrelid AND a.attnum = pt.partattrs[0]
         WHERE pt.partrelid = p_parent;
        IF v_table IS NULL THEN RAISE EXCEPTION '% is not a partitioned table', p_parent; END IF;
        v_name := v_table || '_p' || to_char(v_from AT TIME ZONE 'UTC', 'YYYYMM');
        -- One maker per table at a time, so two workers never race on one month.
        PERFORM pg_advisory_xact_lock(hashtext('month_partitions'), hashtext(v_schema || '.' || v_table));
        IF to_regclass(format('%I.%I', v_schema, v_name)) IS NOT NULL THEN RETURN false; END IF;
        EXECUTE format('CREATE TABLE %I.%I (LIKE %I.%I INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING STORAGE)', v_schema, v_name, v_schema, v_table);
        -- Rows of this month that arrived before it had a partition sit in the default one: move them
        -- (on the partitions directly, so the parent's statement triggers see no change).
        IF to_regclass(format('%I.%I', v_schema, v_table || '_default')) IS NOT NULL THEN
          EXECUTE format('WITH moved AS (DELETE FROM %I.%I WHERE %I >= $1 AND %I < $2 RETURNING *) INSERT INTO %I.%I SELECT * FROM moved',
                         v_schema, v_table || '_default', v_key, v_key, v_schema, v_name) USING v_from, v_to;
        END IF;
        EXECUTE format('ALTER TABLE %I.%I ATTACH PARTITION %I.%I FOR VALUES FROM (%L) TO (%L)', v_schema, v_table, v_schema, v_name, v_from, v_to);
        RETURN true;
      END $$`);
    await q.query(`
      CREATE FUNCTION ensure_month_partitions(p_parent regclass, p_from timestamptz, p_to timestamptz) RETURNS integer LANGUAGE plpgsql AS $$
      DECLARE
        v_month timestamp := date_trunc('month', p_from AT TIME ZONE 'UTC');
        v_made integer := 0;
      BEGIN
        WHILE v_month <= p_to AT TIME ZONE 'UTC' LOOP
          IF create_month_partition(p_parent, v_month AT TIME ZONE 'UTC') THEN v_made := v_made + 1; END IF;
          v_month := v_month + interval '1 month';
        END LOOP;
        RETURN v_made;
      END $$`);
    for (const { table, key } of TABLES) {
      await rebuild(q, table, key, true, (old) => (old.includes(key) ? old : [...old, key]));
    }
  }

  async down(q: QueryRunner): Promise<void> {
    // The primary keys as they were: logs by id alone; account_metrics' key already held its time.
    const before: Record<string, string[]> = { logs: ['id'], account_metrics: ['exchange_account_id', 'at'] };
    for (const { table, key } of [...TABLES].reverse()) await rebuild(q, table, key, false, () => before[table]);
    await q.query(`DROP FUNCTION ensure_month_partitions(regclass, timestamptz, timestamptz)`);
    await q.query(`DROP FUNCTION create_month_partition(regclass, timestamptz)`);
  }
}
