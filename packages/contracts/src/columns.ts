/**
 * Column declarations of the exported lists: one per list, read by the SPA's table and by the xlsx
 * writer, so the screen and the file show the same headers, in the same order, with the same decimals.
 */
import { DATE_FORMATS, EMPTY_VALUE } from './limits';
import { isFieldAllowed, type Perm } from './perms';
import { IDENTITY_KEYS, SECTION_FIELDS, type SectionName } from './sections';

/** How a column writes its value. Percents arrive already multiplied by 100 (12.5 is 12.5%). */
export type ColumnFormat =
  | { kind: 'text' }
  | { kind: 'integer' }
  /** A count, or an average of counts: at most 2 decimals, none when whole (2, 2.5, 0.07). */
  | { kind: 'count' }
  | { kind: 'number'; decimals: number }
  | { kind: 'money'; decimals: number }
  | { kind: 'percent'; decimals: number }
  | { kind: 'coins'; decimals: number }
  | { kind: 'datetime'; pattern: string }
  | { kind: 'enum'; labels: Readonly<Record<string, string>> };

export const FORMATS = {
  text: { kind: 'text' },
  integer: { kind: 'integer' },
  count: { kind: 'count' },
  number: (decimals: number) => ({ kind: 'number', decimals }),
  money: (decimals: number) => ({ kind: 'money', decimals }),
  percent: (decimals: number) => ({ kind: 'percent', decimals }),
  coins: (decimals: number) => ({ kind: 'coins', decimals }),
  dateTime: { kind: 'datetime', pattern: DATE_FORMATS.dateTime },
  labels: (labels: Readonly<Record<string, string>>) => ({ kind: 'enum', labels }),
  /** A flag (true or false) as Yes or No. */
  yesNo: { kind: 'enum', labels: { true: 'Yes', false: 'No' } },
} as const satisfies Record<string, ColumnFormat | ((...args: never[]) => ColumnFormat)>;

/** The fields a Limited group of the section may be given (its identity keys are always kept). */
type LimitedFields<S extends SectionName> =
  | (S extends keyof typeof SECTION_FIELDS ? (typeof SECTION_FIELDS)[S][number] : never)
  | (S extends keyof typeof IDENTITY_KEYS ? (typeof IDENTITY_KEYS)[S][number] : 'id');

export interface ListColumn<Row = Record<string, unknown>> {
  field: keyof Row & string;
  header: string;
  /** What the column's figure means (its formula and basis): the header's tooltip. */
  hint?: string;
  format: ColumnFormat;
  /** Whether a Limited group may see it: its field is one of the section's fields (or the row's id). */
  limited: boolean;
  /** The screen's tab the column belongs to, when the screen splits the list into tabs; none: every tab. */
  tab?: string;
}

/** One column, its `limited` flag checked against the section's fields by the compiler. */
export type CheckedColumn<Row, S extends SectionName> = {
  [F in keyof Row & string]: Omit<ListColumn<Row>, 'field' | 'limited'> & { field: F; limited: F extends LimitedFields<S> ? true : false };
}[keyof Row & string];

export interface ColumnSet<Row> {
  section: SectionName;
  columns: readonly ListColumn<Row>[];
}

/**
 * A list's columns in the screen's order. `limited` must say whether the field is among the section's
 * Limited fields: a column marked the wrong way does not compile.
 */
export function defineColumns<Row>() {
  return <S extends SectionName>(section: S, columns: readonly CheckedColumn<Row, S>[]): ColumnSet<Row> => ({
    section,
    columns: columns as readonly ListColumn<Row>[],
  });
}

/** The columns a perm shows, in the declaration's order: all at Full and ReadOnly, the group's fields at Limited. */
export function columnsFor<Row>(set: ColumnSet<Row>, perm: Perm): ListColumn<Row>[] {
  return set.columns.filter((c) => (perm.status !== 'Limited' || c.limited) && isFieldAllowed(perm, c.field));
}

/** A value as the screen writes it in a cell; '-' when empty. Dates take a formatter (the time zone is the caller's). */
export function formatColumnValue(format: ColumnFormat, value: unknown, formatDate: (value: string | Date, pattern: string) => string): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  switch (format.kind) {
    case 'text':
      return String(value);
    case 'enum':
      return format.labels[String(value)] ?? String(value);
    case 'datetime':
      return formatDate(value as string | Date, format.pattern);
    case 'integer':
      return String(Math.round(Number(value)));
    case 'count':
      return String(Math.round(Number(value) * 100) / 100);
    case 'number':
    case 'coins':
      return Number(value).toFixed(format.decimals);
    case 'percent':
      return `${Number(value).toFixed(format.decimals)}%`;
    case 'money':
      return formatMoney(Number(value), format.decimals);
  }
}

/** Dollars with the sign before the symbol (-$28.40), grouped by thousands. */
export function formatMoney(value: number, decimals: number): string {
  const text = Math.abs(value).toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  return `${value < 0 && Number(text.replace(/,/g, '')) !== 0 ? '-' : ''}$${text}`;
}

/** The Excel number format that shows a cell as the screen does; undefined for text (General). */
export function excelNumFmt(format: ColumnFormat): string | undefined {
  const decimals = (n: number) => (n > 0 ? `0.${'0'.repeat(n)}` : '0');
  switch (format.kind) {
    case 'text':
    case 'enum':
    case 'count':
      return undefined;
    case 'integer':
      return '0';
    case 'number':
    case 'coins':
      return decimals(format.decimals);
    case 'percent':
      return `${decimals(format.decimals)}"%"`;
    case 'money': {
      const amount = `#,##${decimals(format.decimals)}`;
      return `"$"${amount};-"$"${amount}`;
    }
    case 'datetime':
      // date-fns and Excel patterns differ in case only for this pattern's letters (dd.MM.yyyy HH:mm:ss).
      return format.pattern.toLowerCase();
  }
}

/** A value as the xlsx cell holds it: numbers as numbers, dates as dates, enums by their label. */
export function excelCellValue(format: ColumnFormat, value: unknown): unknown {
  if (value === null || value === undefined || value === '') return null;
  switch (format.kind) {
    case 'integer':
    case 'count':
    case 'number':
    case 'coins':
    case 'percent':
    case 'money':
      return Number(value);
    case 'datetime':
      return value instanceof Date ? value : new Date(String(value));
    case 'enum':
      return format.labels[String(value)] ?? String(value);
    case 'text':
      return value;
  }
}
