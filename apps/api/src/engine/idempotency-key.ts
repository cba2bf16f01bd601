import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import type { Request } from 'express';
import { createHash } from 'node:crypto';
import { ENGINE_MESSAGES, IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX } from '@console/contracts';
import { BadRequestDetail } from '../common/errors/api-errors';

const PRINTABLE = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX}}$`);

/** The header as the OpenAPI document declares it, on every route that reads it. */
const documentHeader = ApiHeader({
  name: IDEMPOTENCY_KEY_HEADER,
  required: false,
  description: 'The same key again answers the same command(s) instead of writing new ones',
  schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX, pattern: PRINTABLE.source },
});

/**
 * The request's Idempotency-Key header, when it sent one (printable ASCII, up to 100), else 400. The
 * one declaration of the header: a route that reads it declares it in the OpenAPI document too.
 */
export const IdempotencyKey = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): string | undefined => {
    const value = ctx.switchToHttp().getRequest<Request>().headers[IDEMPOTENCY_KEY_HEADER];
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || !PRINTABLE.test(value)) throw new BadRequestDetail(ENGINE_MESSAGES.badIdempotencyKey);
    return value;
  },
  [
    (target, key) => {
      if (key !== undefined) documentHeader(target, key, Object.getOwnPropertyDescriptor(target, key)!);
    },
  ],
);

/**
 * One item's key within a bulk request: the client's key and the id the body names (a signal id),
 * hashed so it fits the column whatever the key's length, and the same on a retry.
 */
export function bulkItemKey(clientKey: string | undefined, itemId: string | number): string | undefined {
  return clientKey === undefined ? undefined : `bulk-${createHash('sha256').update(`${clientKey}\n${itemId}`).digest('base64url').slice(0, 43)}`;
}
