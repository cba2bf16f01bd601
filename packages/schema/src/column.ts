/**
 * A column as the database has it: its PostgreSQL type (with length, or precision and scale), whether it
 * may be null and whether the database fills it when an INSERT leaves it out. The same object carries,
 * as types only, what node-postgres reads from it and what a write may send, so the row types follow
 * from the declaration and the schema check compares the declaration with the migrated database.
 */

/** PostgreSQL's names of the types in use (`format_type` without modifiers). */
export type PgType =
  | 'smallint'
  | 'integer'
  | 'bigint'
  | 'numeric'
  | 'boolean'
  | 'text'
  | 'character varying'
  | 'character'
  | 'timestamp with time zone'
  | 'date'
  | 'time without time zone'
  | 'uuid'
  | 'jsonb';

/**
 * Who fills a column an INSERT leaves out: nobody (`none`, so the INSERT must name it unless it may be
 * null), its DEFAULT (`default`: a sequence, now(), a constant), or the database alone (`always`: a
 * GENERATED ALWAYS column, never written).
 */
export type Filled = 'none' | 'default' | 'always';

export interface Column<Read = unknown, Write = Read, Nullable extends boolean = boolean, Fill extends Filled = Filled> {
  readonly type: PgType;
  /** character varying(n) and character(n); null for unbounded. */
  readonly length: number | null;
  /** numeric(precision, scale); null for other types. */
  readonly precision: number | null;
  readonly scale: number | null;
  readonly nullable: Nullable;
  readonly filled: Fill;
  /** The values its CHECK (column = ANY (…)) allows; null for a column without such a list. */
  readonly values: readonly string[] | null;
  /** Types only: what a read gives and what a write may send (never set at run time). */
  readonly __read?: Read;
  readonly __write?: Write;
  /** The same column, null allowed. */
  null(): Column<Read, Write, true, Fill>;
  /** The same column, with a DEFAULT that fills it. */
  defaulted(): Column<Read, Write, Nullable, 'default'>;
  /** The same column, computed by the database (GENERATED ALWAYS … STORED). */
  generated(): Column<Read, Write, Nullable, 'always'>;
  /** The same text column, held to the values its CHECK allows (a list of the contracts). */
  of<const Values extends readonly (Read & Write & string)[]>(values: Values): Column<Values[number], Values[number], Nullable, Fill>;
}

interface Facts {
  type: PgType;
  length?: number | null;
  precision?: number | null;
  scale?: number | null;
  nullable: boolean;
  filled: Filled;
  values?: readonly string[] | null;
}

function column<Read, Write>(facts: Facts): Column<Read, Write, false, 'none'> {
  const make = (f: Facts): Column<Read, Write, boolean, Filled> => ({
    type: f.type,
    length: f.length ?? null,
    precision: f.precision ?? null,
    scale: f.scale ?? null,
    nullable: f.nullable,
    filled: f.filled,
    values: f.values ?? null,
    null: () => make({ ...f, nullable: true }) as never,
    defaulted: () => make({ ...f, filled: 'default' }) as never,
    generated: () => make({ ...f, filled: 'always' }) as never,
    of: (values) => make({ ...f, values }) as never,
  });
  return make(facts) as Column<Read, Write, false, 'none'>;
}

const plain = (type: PgType, more: Partial<Facts> = {}) => ({ type, nullable: false, filled: 'none' as const, ...more });

// node-postgres' default parsers: int8 and numeric come back as text (exact), timestamptz and date as Date.
export const smallint = () => column<number, number>(plain('smallint'));
export const integer = () => column<number, number>(plain('integer'));
export const bigint = () => column<string, string | number | bigint>(plain('bigint'));
/** Exact decimals: read as text, written as text (or a number already on the column's scale). */
export const numeric = (precision: number, scale: number) => column<string, string | number>(plain('numeric', { precision, scale }));
/** NUMERIC without a precision: each value keeps the scale it was written with (a market's own decimals). */
export const anyNumeric = () => column<string, string | number>(plain('numeric'));
export const boolean = () => column<boolean, boolean>(plain('boolean'));
export const text = () => column<string, string>(plain('text'));
export const varchar = (length: number | null) => column<string, string>(plain('character varying', { length }));
export const char = (length: number) => column<string, string>(plain('character', { length }));
export const timestamptz = () => column<Date, Date | string>(plain('timestamp with time zone'));
export const date = () => column<Date, Date | string>(plain('date'));
/** Time of day as PostgreSQL writes it ('09:30:00'). */
export const time = () => column<string, string>(plain('time without time zone'));
export const uuid = () => column<string, string>(plain('uuid'));
/**
 * A JSON document. Written as its JSON text: node-postgres would send a JavaScript array as a
 * PostgreSQL array, not as JSON.
 */
export const jsonb = <Document = unknown>() => column<Document, string>(plain('jsonb'));
