/**
 * Every table of the database's public schema, declared once. A month partition of logs or
 * account_metrics is not a table of its own: it has its parent's columns. `schema.spec.ts` migrates a
 * fresh database and holds this declaration to it, column by column.
 */
import type { ColumnType } from 'kysely' with { 'resolution-mode': 'import' };
import type { Column } from './column';
import { ACCESS_TABLES } from './tables/access';
import { BACKTEST_TABLES } from './tables/backtests';
import { CONFIGURATION_TABLES } from './tables/configuration';
import { DELIVERIES_TABLES } from './tables/deliveries';
import { MARKET_DATA_TABLES } from './tables/market-data';
import { STATISTICS_TABLES } from './tables/statistics';
import { TRADING_TABLES } from './tables/trading';

export const TABLES = {
  ...ACCESS_TABLES,
  ...CONFIGURATION_TABLES,
  ...TRADING_TABLES,
  ...STATISTICS_TABLES,
  ...DELIVERIES_TABLES,
  ...MARKET_DATA_TABLES,
  ...BACKTEST_TABLES,
} as const satisfies Record<string, Record<string, Column>>;

type Tables = typeof TABLES;
export type TableName = keyof Tables;
export type ColumnName<T extends TableName> = keyof Tables[T] & string;

type Maybe<Value, Nullable> = Nullable extends true ? Value | null : Value;

/**
 * A declared column as Kysely's ColumnType: what a read gives, what an INSERT may send (left out when
 * the database fills it or it may be null), what an UPDATE may send; a generated column is never written.
 */
export type ColumnTypeOf<C> =
  C extends Column<infer Read, infer Write, infer Nullable, infer Fill>
    ? Fill extends 'always'
      ? ColumnType<Maybe<Read, Nullable>, never, never>
      : ColumnType<Maybe<Read, Nullable>, Maybe<Write, Nullable> | (Fill extends 'default' ? undefined : never), Maybe<Write, Nullable>>
    : never;

/** The database as Kysely's `Kysely<DB>` takes it: table → column → ColumnType. */
export type DB = { [T in TableName]: { [C in ColumnName<T>]: ColumnTypeOf<Tables[T][C]> } };
