/**
 * The protocol page (docs/engine-protocol.md) lists the columns an engine's INSERT must name from this
 * declaration, between `<!-- generated:required-columns -->` and its closing marker; the test fails when
 * the page says something else. UPDATE_DOCS=1 writes the section instead. (The engine's own sections:
 * apps/engine's runtime/protocol-page.spec.ts.)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Column } from './column';
import { TABLES, type TableName } from './tables';

const PAGE = join(__dirname, '../../../docs/engine-protocol.md');
const MARKER = /(<!-- generated:required-columns -->\n)([\s\S]*?)(\n<!-- \/generated:required-columns -->)/;

/** The tables an engine writes rows into. */
const WRITTEN: readonly TableName[] = ['signals', 'orders', 'positions', 'account_metrics', 'logs'];

const code = (text: string) => `\`${text}\``;

function typeOf(column: Column): string {
  if (column.type === 'numeric') return `numeric(${column.precision}, ${column.scale})`;
  if (column.type === 'character varying') return `varchar(${column.length})`;
  if (column.type === 'timestamp with time zone') return 'timestamptz';
  return column.type;
}

function requiredColumns(): string {
  const rows = WRITTEN.map((name) => {
    const columns = Object.entries(TABLES[name] as Record<string, Column>).filter(([, column]) => !column.nullable && column.filled === 'none');
    return `| ${code(name)} | ${columns.map(([column, c]) => `${code(column)} ${typeOf(c)}${c.values ? ` (${c.values.map(code).join(', ')})` : ''}`).join('; ')} |`;
  });
  return ['| Table | Columns an INSERT must name (not null, no default) |', '| --- | --- |', ...rows].join('\n');
}

describe('the protocol page', () => {
  it('lists the columns an engine must write as the schema declares them', () => {
    const page = readFileSync(PAGE, 'utf8');
    const found = MARKER.exec(page);
    expect(found, 'docs/engine-protocol.md has no <!-- generated:required-columns --> section').not.toBeNull();
    if (process.env.UPDATE_DOCS === '1') writeFileSync(PAGE, page.replace(MARKER, (_all, open: string, _body: string, close: string) => `${open}${requiredColumns()}${close}`));
    else expect(found![2], 'docs/engine-protocol.md is stale: run this test with UPDATE_DOCS=1').toBe(requiredColumns());
  });
});
