/**
 * The declaration against the database the migrations make: a fresh database, every migration run,
 * then every table, column, type, length, precision and scale, nullability, default and CHECK value
 * list compared with TABLES. A migration that adds a column the declaration lacks, or a declared column
 * no migration made, fails here.
 */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '@console/migrations';
import type { Column } from './column';
import { TABLES } from './tables';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function urlOf(database: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

async function asAdmin(sql: string): Promise<void> {
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** What the comparison reads of a column, on both sides, as one line. */
function describeColumn(c: Pick<Column, 'type' | 'length' | 'precision' | 'scale' | 'nullable' | 'filled'>): string {
  const size = c.type === 'numeric' ? `(${c.precision}, ${c.scale})` : c.length !== null ? `(${c.length})` : '';
  return `${c.type}${size}${c.nullable ? ' null' : ' not null'}${c.filled === 'none' ? '' : c.filled === 'default' ? ' default' : ' generated'}`;
}

interface MigratedColumn {
  table_name: string;
  column_name: string;
  data_type: string;
  character_maximum_length: number | null;
  numeric_precision: number | null;
  numeric_scale: number | null;
  is_nullable: 'YES' | 'NO';
  has_default: boolean;
  is_generated: 'ALWAYS' | 'NEVER';
}

describe('the schema declaration', () => {
  const database = `schema_test_${randomBytes(6).toString('hex')}`;
  let db: Client;

  beforeAll(async () => {
    await asAdmin(`CREATE DATABASE ${database}`);
    const migrations = new DataSource({ type: 'postgres', url: urlOf(database), migrations: MIGRATIONS, migrationsTableName: 'migrations' });
    await migrations.initialize();
    await migrations.runMigrations({ transaction: 'each' });
    await migrations.destroy();
    db = new Client({ connectionString: urlOf(database) });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await asAdmin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  });

  it('declares every table of the public schema, and no table the migrations did not make', async () => {
    // Month partitions (relispartition) carry their parent's columns: the parent is the table.
    const { rows } = await db.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY 1`,
    );
    expect(rows.map((r) => r.name)).toEqual(Object.keys(TABLES).sort());
  });

  it('declares every column with its type, size, nullability and default', async () => {
    const { rows } = await db.query<MigratedColumn>(
      `SELECT table_name, column_name, data_type, character_maximum_length, numeric_precision, numeric_scale, is_nullable,
              column_default IS NOT NULL OR is_identity = 'YES' AS has_default, is_generated
         FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`,
    );
    const migrated = new Map<string, string>();
    for (const r of rows) {
      if (!(r.table_name in TABLES)) continue; // a partition, or a table the first test names
      const line = describeColumn({
        type: r.data_type as Column['type'],
        length: r.character_maximum_length,
        precision: r.numeric_precision,
        scale: r.numeric_scale,
        nullable: r.is_nullable === 'YES',
        filled: r.is_generated === 'ALWAYS' ? 'always' : r.has_default ? 'default' : 'none',
      });
      migrated.set(`${r.table_name}.${r.column_name}`, line);
    }
    const declared = new Map<string, string>();
    for (const [table, columns] of Object.entries(TABLES)) {
      for (const [name, column] of Object.entries(columns)) declared.set(`${table}.${name}`, describeColumn(column as Column));
    }
    const differences: string[] = [];
    for (const [name, line] of migrated) {
      const declaration = declared.get(name);
      if (declaration === undefined) differences.push(`${name}: migrated as ${line}, not declared`);
      else if (declaration !== line) differences.push(`${name}: migrated as ${line}, declared as ${declaration}`);
    }
    for (const [name, line] of declared) if (!migrated.has(name)) differences.push(`${name}: declared as ${line}, no migration made it`);
    expect(differences).toEqual([]);
    // Both sides were read: the comparison did not pass over empty lists.
    expect(migrated.size).toBe(declared.size);
    expect(migrated.size).toBeGreaterThan(300);
  });

  it('holds each value list to the CHECK that limits the column to it', async () => {
    // Single-column checks as the migrations write them: (column)::text = ANY (ARRAY[…]), or = one value.
    const { rows } = await db.query<{ table_name: string; definition: string }>(
      `SELECT c.conrelid::regclass::text AS table_name, pg_get_constraintdef(c.oid) AS definition
         FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace
        WHERE n.nspname = 'public' AND c.contype = 'c' AND NOT t.relispartition`,
    );
    const checked = new Map<string, string[]>();
    for (const { table_name, definition } of rows) {
      const list = /^CHECK \(\(\((\w+)\)::text = ANY \(\(ARRAY\[(.*)\]\)::text\[\]\)\)\)$/.exec(definition);
      const one = /^CHECK \(\(\((\w+)\)::text = '([^']*)'::text\)\)$/.exec(definition);
      if (list) checked.set(`${table_name}.${list[1]}`, [...list[2].matchAll(/'([^']*)'::character varying/g)].map((m) => m[1]).sort());
      if (one) checked.set(`${table_name}.${one[1]}`, [one[2]]);
    }
    const declared = new Map<string, string[]>();
    for (const [table, columns] of Object.entries(TABLES)) {
      for (const [name, column] of Object.entries(columns)) {
        const values = (column as Column).values;
        if (values) declared.set(`${table}.${name}`, [...values].sort());
      }
    }
    const both = (name: string) => declared.has(name) && checked.has(name);
    expect(Object.fromEntries([...declared].filter(([name]) => both(name)).sort())).toEqual(Object.fromEntries([...checked].filter(([name]) => both(name)).sort()));
    // The lists on one side only are named here: the code's list without a CHECK (a log's type, on the
    // partitioned logs table), and CHECKs no contracts list spells yet.
    expect([...declared.keys()].filter((name) => !checked.has(name))).toEqual(['logs.type']);
    expect([...checked.keys()].filter((name) => !declared.has(name)).sort()).toEqual(['account_metric_bars.tf', 'telegram_outbox.bot', 'telegram_outbox.status']);
    expect([...declared.keys()].filter(both).length).toBeGreaterThan(30);
  });
});
