/**
 * The API's error bodies, as exceptions: 400 `{field: [messages]}` or `{detail}`,
 * 401 `{code: 'token_not_valid', detail}`, 403/404/409/429 `{detail, code?}`.
 */
import { HttpException, HttpStatus } from '@nestjs/common';
import { ERROR_CODES, OWN_MESSAGES } from '@console/contracts';

export type FieldErrors = Record<string, string[]>;

/** 400 with messages per field. */
export class FieldValidationError extends HttpException {
  constructor(readonly fields: FieldErrors) {
    super(fields, HttpStatus.BAD_REQUEST);
  }
  static of(field: string, message: string): FieldValidationError {
    return new FieldValidationError({ [field]: [message] });
  }
}

/** 400 with one message. */
export class BadRequestDetail extends HttpException {
  constructor(detail: string, code?: string) {
    super(code ? { detail, code } : { detail }, HttpStatus.BAD_REQUEST);
  }
}

export class TokenNotValidError extends HttpException {
  constructor(detail: string = OWN_MESSAGES.tokenNotValid) {
    super({ code: ERROR_CODES.tokenNotValid, detail }, HttpStatus.UNAUTHORIZED);
  }
}

export class ForbiddenDetail extends HttpException {
  constructor(detail: string = OWN_MESSAGES.forbidden, code?: string) {
    super(code ? { detail, code } : { detail }, HttpStatus.FORBIDDEN);
  }
}

export class NotFoundDetail extends HttpException {
  constructor(detail: string = OWN_MESSAGES.notFound) {
    super({ detail }, HttpStatus.NOT_FOUND);
  }
}

/** 409: the request conflicts with work under way on the same row; it may succeed once that is done. */
export class ConflictDetail extends HttpException {
  constructor(detail: string = OWN_MESSAGES.conflict) {
    super({ detail }, HttpStatus.CONFLICT);
  }
}

/** 429 with a message of its own: the user has used up a limit of concurrent work; it frees up as that work ends. */
export class TooManyRequestsDetail extends HttpException {
  constructor(detail: string) {
    super({ detail, code: ERROR_CODES.throttled }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/** The row a repository found, or the 404 when it found none. */
export function foundOr404<T>(row: T | undefined | null): T {
  if (row === undefined || row === null) throw new NotFoundDetail();
  return row;
}

export class TooManyAttemptsError extends HttpException {
  constructor(readonly retryAfterSeconds: number, detail: string = OWN_MESSAGES.tooManyAttempts) {
    super({ detail, code: ERROR_CODES.throttled }, HttpStatus.TOO_MANY_REQUESTS);
  }
}
