import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request } from 'express';
import { DataSource } from 'typeorm';
import { PAGE_SIZES, Paginated } from '@console/contracts';
import { pageWindow, paginate } from '../common/pagination/pagination';
import { LogDto, LogsQuery } from './logs.dto';

/** Beyond this many matching rows the list reports an estimate instead of counting every row. */
export const EXACT_COUNT_CAP = 10_000;

const COLUMNS = `id::text, created_at, type, event_type, signal_id::text, pair_id, pair_name, profile_id, profile_title, order_id::text, log_data`;

/**
 * The log table grows to tens of millions of rows. Every filter has an index ordered by id, so a first
 * page reads only its rows; counts are exact only up to a cap, so no request scans the whole table.
 */
@Injectable()
export class LogsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(req: Request, query: LogsQuery): Promise<Paginated<LogDto>> {
    const window = pageWindow(query, PAGE_SIZES.logs.default);
    const { where, params } = whereOf(query);
    const rows: LogDto[] = await this.dataSource.query(
      // logs.id, not id: the output column "id" is text, and ordering by it would sort as text and skip the index.
      `SELECT ${COLUMNS} FROM logs ${where} ORDER BY logs.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, window.limit + 1, window.offset],
    );
    const hasMore = rows.length > window.limit;
    const results = rows.slice(0, window.limit);
    const count = await this.boundedCount(where, params, window.offset + results.length, hasMore);
    return paginate(req, window, count, results, hasMore);
  }

  /** The exact count for the same filters (may take longer on a huge unfiltered table). */
  async exactCount(query: LogsQuery): Promise<number> {
    const { where, params } = whereOf(query);
    const [row]: { n: string }[] = await this.dataSource.query(`SELECT count(*) AS n FROM logs ${where}`, params);
    return Number(row.n);
  }

  private async boundedCount(where: string, params: unknown[], seen: number, hasMore: boolean): Promise<number> {
    if (!hasMore) return seen;
    const cap = Math.max(EXACT_COUNT_CAP, seen + 1);
    const [row]: { n: string }[] = await this.dataSource.query(
      `SELECT count(*) AS n FROM (SELECT 1 FROM logs ${where} LIMIT $${params.length + 1}) capped`,
      [...params, cap],
    );
    const n = Number(row.n);
    if (n < cap) return n;
    // Past the cap: the planner's estimate for these filters, never less than what we know exists.
    const plan: { 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] }[] = await this.dataSource.query(
      `EXPLAIN (FORMAT JSON) SELECT 1 FROM logs ${where}`,
      params,
    );
    return Math.max(cap, Math.round(plan[0]['QUERY PLAN'][0].Plan['Plan Rows']));
  }
}

function whereOf(query: LogsQuery): { where: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    clauses.push(sql.replace('?', `$${params.length}`));
  };
  if (query.type) add('type = ?', query.type);
  if (query.signal_id) add('signal_id = ?', query.signal_id);
  if (query.pair) add('pair_id = ?', query.pair);
  if (query.profile) add('profile_id = ?', query.profile);
  return { where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}
