/**
 * One pagination helper for every list: `page` (one-based) and `page_size` in, `{count, next,
 * previous, results}` out, with absolute links built from the request.
 */
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import type { Request } from 'express';
import { INPUT_LIMITS, MAX_PAGE_SIZE, Paginated } from '@console/contracts';
import { IsPage } from '../validation/ids';

/** The OpenAPI schema of an id in a query string or a body. */
export const ID_SCHEMA = { type: 'integer', minimum: INPUT_LIMITS.idMin, maximum: INPUT_LIMITS.idMax } as const;

export class PageQuery {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: INPUT_LIMITS.pageMax, default: 1 })
  @IsOptional()
  @IsPage()
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE_SIZE })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  page_size?: number;
}

export interface PageWindow {
  page: number;
  pageSize: number;
  offset: number;
  limit: number;
}

export function pageWindow(query: PageQuery, defaultPageSize: number): PageWindow {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? defaultPageSize;
  return { page, pageSize, offset: (page - 1) * pageSize, limit: pageSize };
}

/** The absolute URL of this request with `page` replaced. */
export function pageLink(req: Request, page: number): string {
  const host = req.get('host') ?? 'localhost';
  const url = new URL(req.originalUrl, `${req.protocol}://${host}`);
  url.searchParams.set('page', String(page));
  return url.toString();
}

/**
 * Builds the answer. `count` may be an estimate for very large tables; `hasMore` (from fetching one
 * row past the page) decides `next` when it is given, so an estimate never hides a real next page.
 */
export function paginate<T>(req: Request, window: PageWindow, count: number, results: T[], hasMore?: boolean): Paginated<T> {
  const more = hasMore ?? window.offset + results.length < count;
  return {
    count,
    next: more ? pageLink(req, window.page + 1) : null,
    previous: window.page > 1 ? pageLink(req, window.page - 1) : null,
    results,
  };
}
