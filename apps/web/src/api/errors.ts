import { LIMITS, MESSAGES } from '@console/contracts';

/** A non-2xx answer of the API, with its parsed body (JSON when it parses, else the raw text). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
    this.name = 'HttpError';
  }

  /** The `code` of a DRF-style error body, when there is one. */
  get code(): string | undefined {
    const body = this.body;
    if (body && typeof body === 'object' && 'code' in body && typeof body.code === 'string') return body.code;
    return undefined;
  }
}

function messagesOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(messagesOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(messagesOf);
  return [];
}

function textOfBody(body: unknown): string {
  if (typeof body === 'string') return body;
  if (body && typeof body === 'object') {
    // `code` is a machine value, not a message for people.
    const entries = Object.entries(body).filter(([key]) => key !== 'code');
    return entries.flatMap(([, value]) => messagesOf(value)).join(' ');
  }
  return '';
}

/**
 * The one error normaliser: 5xx → the server error text; a string body →
 * that string; an object body → its messages joined; anything over the length cap → the generic text.
 */
export function normaliseError(error: unknown): string {
  let text: string;
  if (error instanceof HttpError) {
    text = error.status >= 500 ? MESSAGES.serverError : textOfBody(error.body);
  } else if (error instanceof Error) {
    text = error.message;
  } else {
    text = textOfBody(error);
  }
  if (!text) text = MESSAGES.serverError;
  return text.length > LIMITS.errorMessageMax ? MESSAGES.tooLongError : text;
}
