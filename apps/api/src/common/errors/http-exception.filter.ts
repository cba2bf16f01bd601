import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { QueryFailedError } from 'typeorm';
import { MESSAGES, OWN_MESSAGES } from '@console/contracts';
import { TooManyAttemptsError } from './api-errors';

interface BodyParserError {
  type?: string;
  status?: number;
  statusCode?: number;
}

function isHttpError(error: unknown): error is BodyParserError {
  const e = error as BodyParserError | undefined;
  return typeof e?.status === 'number' || typeof e?.statusCode === 'number';
}

function sqlState(error: QueryFailedError): string {
  const code = (error.driverError as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : '';
}

/**
 * PostgreSQL's class 22, data exception (out-of-range numbers, invalid text representation, bad
 * encoding, malformed JSON…): a value the request carried that slipped past validation. The client
 * sent it, so 400, not 500; it is still logged, as a validation rule is missing somewhere.
 */
function isDataException(error: unknown): error is QueryFailedError {
  return error instanceof QueryFailedError && sqlState(error).startsWith('22');
}

/**
 * A unique or foreign-key violation that a service's own check did not foresee: two requests raced
 * (both found a name free, both inserted) or a referenced row went away meanwhile. 409, so the client
 * can reload and retry; the retry meets the service's own check and its field message.
 */
function isConcurrentConflict(error: unknown): error is QueryFailedError {
  return error instanceof QueryFailedError && ['23505', '23503'].includes(sqlState(error));
}

/**
 * The database connection went away under the request (PostgreSQL restarted or failed over, its
 * connections were terminated, or it refused new ones for a moment): SQLSTATE class 08, 57P01-57P03,
 * or node-postgres' own "Connection terminated" without a code. The next request gets a new
 * connection, so 503 with Retry-After rather than 500: the SPA sends an engine action again under the
 * same Idempotency-Key on a 503, which answers the one command whether or not the first send wrote it.
 */
const CONNECTION_LOST_STATES = ['57P01', '57P02', '57P03'];

function isConnectionLost(error: unknown): boolean {
  const cause = error instanceof QueryFailedError ? (error.driverError as unknown) : error;
  if (!(cause instanceof Error)) return false;
  const code = (cause as { code?: unknown }).code;
  if (typeof code === 'string') return code.startsWith('08') || CONNECTION_LOST_STATES.includes(code);
  return /^Connection terminated/.test(cause.message);
}

/** Seconds a client waits before it sends again a request that met a lost database connection. */
const CONNECTION_LOST_RETRY_AFTER_S = 1;

/**
 * The one place that writes error bodies. Known errors keep their status and body; anything else
 * is logged with its stack and answered 500 with the spec's message, so no internals leak.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const [status, body] = this.describe(exception);
    if (exception instanceof TooManyAttemptsError) res.setHeader('Retry-After', String(exception.retryAfterSeconds));
    if (status === HttpStatus.SERVICE_UNAVAILABLE && isConnectionLost(exception)) res.setHeader('Retry-After', String(CONNECTION_LOST_RETRY_AFTER_S));
    if (status >= 500) this.logger.error(exception instanceof Error ? exception.stack ?? exception.message : String(exception));
    else if (isDataException(exception)) this.logger.warn(`Data exception answered 400: ${exception.message}`);
    else if (isConcurrentConflict(exception)) this.logger.warn(`Constraint violation answered 409: ${exception.message}`);
    if (res.headersSent) return;
    res.status(status).json(body);
  }

  private describe(exception: unknown): [number, object] {
    // Errors from express and its body parser (http-errors) carry their own 4xx status. Nest's
    // express adapter hands them over wrapped in an HttpException, the original as its cause.
    const error = exception instanceof HttpException && isHttpError(exception.cause) ? exception.cause : exception;
    if (error instanceof HttpException) {
      const status = error.getStatus();
      if (status >= 500) return [status, { detail: MESSAGES.serverError }];
      const response = error.getResponse();
      if (typeof response === 'string') return [status, { detail: response }];
      return [status, this.normalizeNestBody(status, response as Record<string, unknown>)];
    }
    if (isDataException(error)) return [HttpStatus.BAD_REQUEST, { detail: OWN_MESSAGES.valueInvalid }];
    if (isConcurrentConflict(error)) return [HttpStatus.CONFLICT, { detail: OWN_MESSAGES.conflict }];
    if (isConnectionLost(error)) return [HttpStatus.SERVICE_UNAVAILABLE, { detail: MESSAGES.serverError }];
    const parserError = error as BodyParserError;
    if (parserError?.type === 'entity.too.deep') return [HttpStatus.BAD_REQUEST, { detail: OWN_MESSAGES.bodyTooDeep }];
    if (parserError?.type === 'entity.too.large') return [HttpStatus.PAYLOAD_TOO_LARGE, { detail: OWN_MESSAGES.bodyTooLarge }];
    if (parserError?.type === 'entity.parse.failed') return [HttpStatus.BAD_REQUEST, { detail: OWN_MESSAGES.malformedJson }];
    const status = parserError?.status ?? parserError?.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) return [status, { detail: OWN_MESSAGES.badRequest }];
    return [HttpStatus.INTERNAL_SERVER_ERROR, { detail: MESSAGES.serverError }];
  }

  /** Nest's own exceptions answer `{statusCode, message, error}`; ours already have the final shape. */
  private normalizeNestBody(status: number, body: Record<string, unknown>): object {
    if ('statusCode' in body && 'message' in body) {
      if (status === HttpStatus.NOT_FOUND) return { detail: OWN_MESSAGES.notFound };
      const message = Array.isArray(body.message) ? body.message.join(' ') : String(body.message);
      return { detail: message };
    }
    return body;
  }
}
