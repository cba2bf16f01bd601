import type { ArgumentsHost } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { MESSAGES, OWN_MESSAGES } from '@console/contracts';
import { HttpExceptionFilter } from './http-exception.filter';

function answer(exception: unknown): { status: number; body: unknown; headers: Record<string, string> } {
  const out = { status: 0, body: undefined as unknown, headers: {} as Record<string, string> };
  const res = {
    headersSent: false,
    setHeader: (name: string, value: string) => void (out.headers[name] = value),
    status(code: number) {
      out.status = code;
      return this;
    },
    json(body: unknown) {
      out.body = body;
    },
  };
  const host = { switchToHttp: () => ({ getResponse: () => res }) } as unknown as ArgumentsHost;
  const filter = new HttpExceptionFilter();
  // The filter logs what it maps; keep the test output clean.
  (filter as unknown as { logger: object }).logger = { error: () => undefined, warn: () => undefined };
  filter.catch(exception, host);
  return out;
}

const queryError = (code: string, message: string) => new QueryFailedError('SELECT $1', [], Object.assign(new Error(message), { code }));

describe('HttpExceptionFilter and PostgreSQL errors', () => {
  it('answers class 22 (data exception) with 400 and no internals', () => {
    for (const [code, message] of [
      ['22003', 'value "2147483648" is out of range for type integer'],
      ['22P02', 'invalid input syntax for type uuid: "nope"'],
      ['22021', 'invalid byte sequence for encoding "UTF8": 0x00'],
      ['22P05', 'unsupported Unicode escape sequence'],
    ]) {
      expect(answer(queryError(code, message))).toMatchObject({ status: 400, body: { detail: OWN_MESSAGES.valueInvalid } });
    }
  });

  it('answers a unique or foreign-key violation (a lost race) with 409', () => {
    expect(answer(queryError('23505', 'duplicate key value violates unique constraint "groups_name_lower_key"'))).toMatchObject({ status: 409, body: { detail: OWN_MESSAGES.conflict } });
    expect(answer(queryError('23503', 'insert or update violates foreign key constraint'))).toMatchObject({ status: 409, body: { detail: OWN_MESSAGES.conflict } });
  });

  it('keeps other database errors at 500', () => {
    expect(answer(queryError('23502', 'null value in column violates not-null constraint'))).toMatchObject({ status: 500, body: { detail: MESSAGES.serverError } });
    expect(answer(queryError('42P01', 'relation does not exist'))).toMatchObject({ status: 500, body: { detail: MESSAGES.serverError }, headers: {} });
  });

  it('answers a database connection lost under the request with 503 and Retry-After, so a keyed action is sent again', () => {
    // As the faults run saw them when every connection of the database was terminated.
    const lost = [
      queryError('57P01', 'terminating connection due to administrator command'),
      queryError('08006', 'connection failure'),
      new QueryFailedError('SELECT 1', [], new Error('Connection terminated unexpectedly')),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    ];
    for (const error of lost) expect(answer(error)).toEqual({ status: 503, body: { detail: MESSAGES.serverError }, headers: { 'Retry-After': '1' } });
    expect(answer(new Error('Connection refused by something else'))).toMatchObject({ status: 500 });
  });
});
