import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { ENGINE_MESSAGES, IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX } from '@console/contracts';
import { BadRequestDetail } from '../common/errors/api-errors';

const PRINTABLE = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX}}$`);

/** The request's Idempotency-Key header, when it sent one (printable ASCII, up to 100), else 400. */
export const IdempotencyKey = createParamDecorator((_: unknown, ctx: ExecutionContext): string | undefined => {
  const value = ctx.switchToHttp().getRequest<Request>().headers[IDEMPOTENCY_KEY_HEADER];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !PRINTABLE.test(value)) throw new BadRequestDetail(ENGINE_MESSAGES.badIdempotencyKey);
  return value;
});
