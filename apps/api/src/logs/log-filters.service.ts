import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request } from 'express';
import { DataSource } from 'typeorm';
import { PAGE_SIZES, Paginated } from '@console/contracts';
import { containsPattern } from '../common/database/like';
import { pageWindow, paginate } from '../common/pagination/pagination';
import { LogFilterOptionDto, LogFilterOptionsQuery } from './log-filters.dto';

/**
 * Searchable options of the logs page's Pair and Profile filters. Pairs come from the pairs table;
 * profiles from log_profiles, a lookup kept by a trigger on logs, so no request scans the log table.
 */
@Injectable()
export class LogFiltersService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async options(req: Request, query: LogFilterOptionsQuery): Promise<Paginated<LogFilterOptionDto>> {
    const window = pageWindow(query, PAGE_SIZES.generic.options[1]);
    const search = query.search?.trim() ?? '';
    const params: unknown[] = [];
    /** One option by id, else the name search (profiles also by an id typed into it), else everything. */
    const matching = (nameColumn: string, searchIds: boolean): string => {
      if (query.id) return `WHERE id = $${params.push(query.id)}`;
      if (!search) return '';
      const byName = `${nameColumn} ILIKE $${params.push(containsPattern(search))}`;
      return searchIds && /^\d{1,9}$/.test(search) ? `WHERE ${byName} OR id = $${params.push(Number(search))}` : `WHERE ${byName}`;
    };
    const sql =
      query.field === 'pair'
        ? `SELECT id, ticker AS name, count(*) OVER ()::int AS total FROM pairs ${matching('ticker', false)} ORDER BY ticker`
        : `SELECT id, coalesce(title, 'Profile #' || id) AS name, count(*) OVER ()::int AS total FROM log_profiles ${matching('title', true)} ORDER BY name, id`;
    const rows: (LogFilterOptionDto & { total: number })[] = await this.dataSource.query(
      `${sql} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, window.limit, window.offset],
    );
    return paginate(req, window, rows[0]?.total ?? 0, rows.map(({ id, name }) => ({ id, name })));
  }
}
