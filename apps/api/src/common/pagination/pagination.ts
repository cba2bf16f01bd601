/**
 * Pagination for every list: `page` (one-based), `page_size` and the links' `cursor` in (PageQuery),
 * `{count, next, previous, results}` out (pageAnswer, from a list-query page), with absolute links on the configured public URL (PUBLIC_URL), never on
 * the request's Host header, which the client chooses.
 */
import type { Type as ClassType } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Request } from 'express';
import { CURSOR_MAX_LENGTH, INPUT_LIMITS, MAX_PAGE_SIZE, OWN_MESSAGES, Paginated } from '@console/contracts';
import { IsPage, WholeNumberFromString } from '../validation/ids';
import type { ListPage } from '../list-query/list-query';

/** The OpenAPI schema of an id in a query string or a body. */
export const ID_SCHEMA = { type: 'integer', minimum: INPUT_LIMITS.idMin, maximum: INPUT_LIMITS.idMax } as const;

export class PageQuery {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: INPUT_LIMITS.pageMax, default: 1 })
  @IsOptional()
  @IsPage()
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE_SIZE })
  @IsOptional()
  @WholeNumberFromString()
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  page_size?: number;

  @ApiPropertyOptional({ maxLength: CURSOR_MAX_LENGTH, description: 'Only as found in the next and previous links: continues from the last row seen' })
  @IsOptional()
  @IsString()
  @MaxLength(CURSOR_MAX_LENGTH)
  @Matches(/^[A-Za-z0-9_-]+$/, { message: OWN_MESSAGES.invalidCursor })
  cursor?: string;
}

const PUBLIC_URL_SETTING = 'public url';

/** The origin (and path prefix, if any) that page links start with: PUBLIC_URL from the config. */
export function setPublicUrl(app: NestExpressApplication, publicUrl: string): void {
  app.set(PUBLIC_URL_SETTING, publicUrl);
}

/** This request's path and query on the public URL, with `page` replaced and `cursor` set or dropped. */
function pageLink(req: Request, page: number, cursor?: string): string {
  const base = new URL(String(req.app.get(PUBLIC_URL_SETTING) ?? 'http://localhost'));
  // Only the path and query of what the client sent: an absolute-form request target
  // ("GET http://elsewhere/…") or a path starting with "//" must not choose the host either.
  const { pathname, searchParams } = new URL(req.originalUrl, 'http://request.invalid');
  base.pathname = base.pathname.replace(/\/+$/, '') + pathname;
  for (const [key, value] of searchParams) base.searchParams.append(key, value);
  base.searchParams.set('page', String(page));
  if (cursor) base.searchParams.set('cursor', cursor);
  else base.searchParams.delete('cursor');
  return base.toString();
}

/** The page body of a list declaration's page (common/list-query): links from this request, with cursors. */
export function pageAnswer<T>(req: Request, page: ListPage<T>): Paginated<T> {
  return {
    count: page.count,
    next: page.hasMore ? pageLink(req, page.page + 1, page.nextCursor) : null,
    previous: page.page > 1 ? pageLink(req, page.page - 1, page.previousCursor) : null,
    results: page.rows,
  };
}

/**
 * The OpenAPI shape of a list's page, `{count, next, previous, results: Item[]}`, written once. A list's
 * answer extends it (`class UserListDto extends paginatedAnswer(UserDto) {}`), so its schema keeps the
 * list's own name.
 */
export function paginatedAnswer<Item>(item: ClassType<Item>, options: { countDescription?: string } = {}): ClassType<Paginated<Item>> {
  class PaginatedAnswer implements Paginated<Item> {
    @ApiProperty(options.countDescription ? { description: options.countDescription } : {}) count!: number;
    @ApiProperty({ nullable: true, type: String }) next!: string | null;
    @ApiProperty({ nullable: true, type: String }) previous!: string | null;
    @ApiProperty({ type: [item] }) results!: Item[];
  }
  return PaginatedAnswer;
}
