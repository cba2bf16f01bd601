/**
 * What an export of a list needs beyond the list's own declaration: the sheet's columns (each named by the
 * field of the list's answer, so a Limited group's fields pick them), the answer shape of a row, and the
 * rows the group may see. One per exported list, in export-sources.ts.
 */
import { excelCellValue, excelNumFmt, isFieldAllowed, type ColumnFormat, type ColumnSet, type ExportedList, type Perm } from '@console/contracts';
import { isPlainNumberText } from '../common/decimal';
import type { RowScope } from '../access/row-scopes';
import type { Db } from '../common/database/sql';
import type { ListDeclaration } from '../common/list-query/list-declaration';
import { countListUpTo } from '../common/list-query/list-query';

export type ListRow = Record<string, unknown>;

export interface ExportColumn {
  /** The field of the answer row, as the list endpoint names it (and the group's fields list it). */
  field: string;
  header: string;
  width?: number;
  /** The cell, when it is not the field's value as is (a nested object's title, a decimal as a number). */
  value?: (row: ListRow) => unknown;
  /** The cell from the field's value alone (`value` of the row's field), for rows read as arrays. */
  cell?: (value: unknown) => unknown;
  /** Excel number format, e.g. 'dd.mm.yyyy hh:mm:ss' for dates. */
  numFmt?: string;
  /** A number column: a text value is the number's plain decimal text, written into the cell as it is. */
  numeric?: boolean;
  /** Whether a Limited group may see it at all (its field is one of the section's fields). */
  limited: boolean;
}

/** Text columns this wide; other columns fit their header. */
const TEXT_WIDTH = 24;
const DATE_WIDTH = 20;

/**
 * The sheet's columns from the list's declaration (packages/contracts): the screen's headers in its
 * order, numbers as numbers in the screen's decimals, enums by the screen's labels.
 */
export function exportColumns<Row>(set: ColumnSet<Row>): ExportColumn[] {
  return set.columns.map((c) => {
    const numeric = NUMBER_KINDS.has(c.format.kind);
    // PostgreSQL's text of a NUMERIC is already the cell's text: no parse and print per cell.
    const cell = numeric
      ? (value: unknown) => (typeof value === 'string' && isPlainNumberText(value) ? value : excelCellValue(c.format, value))
      : (value: unknown) => excelCellValue(c.format, value);
    return {
      field: c.field,
      header: c.header,
      width: c.format.kind === 'datetime' ? DATE_WIDTH : c.format.kind === 'text' ? TEXT_WIDTH : Math.max(12, c.header.length + 4),
      numFmt: excelNumFmt(c.format),
      value: (row: ListRow) => cell(row[c.field]),
      cell,
      numeric,
      limited: c.limited,
    };
  });
}

const NUMBER_KINDS: ReadonlySet<ColumnFormat['kind']> = new Set(['integer', 'number', 'coins', 'percent', 'money']);

export interface ExportSource<Q extends { ordering?: string } = { ordering?: string }> {
  kind: ExportedList;
  list: ListDeclaration<Q>;
  /** The list's row scope (access/row-scopes.ts), applied with the requester's perm. */
  rows?: RowScope;
  /** The list's defaults applied to a query, as its page endpoint applies them. */
  query?: (filters: Q) => Q;
  sheet: string;
  columns: readonly ExportColumn[];
  /** A row of the list's SQL in the list endpoint's answer shape (when the service reshapes it). */
  toAnswer?: (row: ListRow) => ListRow;
}

/**
 * What an export's rows are read with: the task's stored filters with the list's defaults, and the row scope
 * of the perm it was asked with (a Limited group's window). The file and the count before it use both.
 */
export function exportSelection(source: ExportSource, stored: Record<string, unknown>, perm: Perm): { filters: { ordering?: string }; scope: string[] } {
  return { filters: source.query ? source.query(stored) : stored, scope: source.rows?.where(perm) ?? [] };
}

/** The rows the export will hold, counted up to `cap` at most (so as cheap on a huge list as on a short one). */
export function countExportRowsUpTo(db: Db, source: ExportSource, stored: Record<string, unknown>, perm: Perm, cap: number): Promise<number> {
  const { filters, scope } = exportSelection(source, stored, perm);
  return countListUpTo(db, source.list, filters, cap, scope);
}

/** The columns the perm opens: every one at Full and ReadOnly, the group's fields at Limited. */
export function visibleColumns(source: ExportSource, perm: Perm): ExportColumn[] {
  return source.columns.filter((column) => (perm.status !== 'Limited' || column.limited) && isFieldAllowed(perm, column.field));
}

/** A cell from a field's value: dates stay dates, nested rows show their title, lists their titles. */
export function cellOf(column: ExportColumn, row: ListRow): unknown {
  const value = column.value ? column.value(row) : row[column.field];
  return plainCell(value);
}

export function plainCell(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') return value;
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map((v) => String(plainCell(v) ?? '')).join(', ');
  if (typeof value === 'object') {
    const named = value as { title?: unknown; name?: unknown; ticker?: unknown };
    const label = named.title ?? named.name ?? named.ticker;
    return label === undefined ? JSON.stringify(value) : String(label);
  }
  return String(value);
}
