import { columnsFor, formatColumnValue, sortableFields, type ColumnSet, type ListColumn, type Perm, type Resource } from '@console/contracts';
import { createElement, type ReactNode } from 'react';
import { formatDate } from '../format/date';
import { CELL_TEXT_MAX_WIDTH, EllipsisText } from '../text/EllipsisText';
import type { Column } from './DataTable';

export interface DeclaredColumnOptions<Row, R = Row> {
  /** Cells drawn as more than text (a link, a coloured state); the header and order stay the declaration's. */
  render?: Partial<Record<keyof Row & string, (row: R) => ReactNode>>;
  /** The sortable columns; a resource's default: those its query declares an ordering for. */
  sortable?: readonly string[];
  /** Long texts (a title): cut to one line, whole on hover or tap. */
  ellipsis?: readonly string[];
  /** Only the columns this keeps (a tab's, or all but one the page fixes). */
  keep?: (column: ListColumn<Row>) => boolean;
}

/** A cell's text as the declaration's format writes it. */
export function cellText<Row, R extends Partial<Row> = Row>(column: ListColumn<Row>, row: R): string {
  return formatColumnValue(column.format, row[column.field], formatDate);
}

/**
 * A table's columns from a list's declaration (packages/contracts): the columns the perm shows, in the
 * declared order, with the declared headers, each cell written by its format (the xlsx export reads the
 * same declaration).
 */
export function declaredColumns<Row, R extends Partial<Row> = Row>(set: ColumnSet<Row> | Resource<Row>, perm: Perm, options: DeclaredColumnOptions<Row, R> = {}): Column<R>[] {
  const sortable = options.sortable ?? ('query' in set ? sortableFields(set) : []);
  return columnsFor(set, perm)
    .filter((c) => options.keep?.(c) ?? true)
    .map((c) => ({
      field: c.field,
      header: c.header,
      hint: c.hint,
      sortable: sortable.includes(c.field) || undefined,
      render: options.render?.[c.field] ?? (options.ellipsis?.includes(c.field) ? (row: R) => createElement(EllipsisText, { text: cellText(c, row), maxWidth: CELL_TEXT_MAX_WIDTH }) : (row: R) => cellText(c, row)),
    }));
}
