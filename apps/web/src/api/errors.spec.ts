import { LIMITS, MESSAGES } from '@console/contracts';
import { describe, expect, it } from 'vitest';
import { HttpError, normaliseError } from './errors';

describe('normaliseError', () => {
  it('gives the server error text for 500 and above', () => {
    expect(normaliseError(new HttpError(500, 'Traceback…'))).toBe(MESSAGES.serverError);
    expect(normaliseError(new HttpError(503, { detail: 'down' }))).toBe(MESSAGES.serverError);
  });

  it('returns a string body as it is', () => {
    expect(normaliseError(new HttpError(400, 'Bad thing'))).toBe('Bad thing');
  });

  it('joins the field messages and the detail of an object body, leaving out the code', () => {
    expect(normaliseError(new HttpError(400, { email: ['Enter a valid email.'], password: ['Too short.', 'Too common.'] }))).toBe(
      'Enter a valid email. Too short. Too common.',
    );
    expect(normaliseError(new HttpError(401, { code: 'token_not_valid', detail: 'Token is invalid or expired' }))).toBe(
      'Token is invalid or expired',
    );
    expect(normaliseError(new HttpError(429, { detail: 'Request was throttled.' }))).toBe('Request was throttled.');
  });

  it('replaces anything longer than the cap with the generic text', () => {
    expect(normaliseError(new HttpError(400, 'x'.repeat(LIMITS.errorMessageMax)))).toHaveLength(LIMITS.errorMessageMax);
    expect(normaliseError(new HttpError(400, 'x'.repeat(LIMITS.errorMessageMax + 1)))).toBe(MESSAGES.tooLongError);
    expect(normaliseError(new HttpError(400, { field: ['y'.repeat(400)] }))).toBe(MESSAGES.tooLongError);
  });

  it('uses the message of other errors', () => {
    expect(normaliseError(new Error('Failed to fetch'))).toBe('Failed to fetch');
  });
});
