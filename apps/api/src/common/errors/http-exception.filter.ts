import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
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
    if (status >= 500) this.logger.error(exception instanceof Error ? exception.stack ?? exception.message : String(exception));
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
    const parserError = error as BodyParserError;
    if (parserError?.type === 'entity.too.deep') return [HttpStatus.BAD_REQUEST, { detail: OWN_MESSAGES.bodyTooDeep }];
    if (parserError?.type === 'entity.too.large') return [HttpStatus.PAYLOAD_TOO_LARGE, { detail: OWN_MESSAGES.bodyTooLarge }];
    if (parserError?.type === 'entity.parse.failed') return [HttpStatus.BAD_REQUEST, { detail: OWN_MESSAGES.malformedJson }];
    const status = parserError?.status ?? parserError?.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) return [status, { detail: 'Bad request.' }];
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
