/**
 * How request bodies are read: JSON only, at most BODY_LIMIT, at most INPUT_LIMITS.jsonDepthMax
 * levels deep, and within a time limit. All of it happens before any guard, so it protects the
 * public routes too.
 */
import type { IncomingMessage } from 'node:http';
import { json, NextFunction, Request, RequestHandler, Response } from 'express';
import { INPUT_LIMITS, OWN_MESSAGES } from '@console/contracts';

const BODY_LIMIT = '1mb';

/** The body parser's error for a body nested past the limit; the exception filter answers it 400. */
class JsonTooDeepError extends Error {
  readonly status = 400;
  readonly type = 'entity.too.deep';
  constructor() {
    super(OWN_MESSAGES.bodyTooDeep);
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN = new Set([0x5b, 0x7b]); // [ {
const CLOSE = new Set([0x5d, 0x7d]); // ] }

/**
 * True when the raw JSON nests objects and arrays deeper than `max`. One pass over the bytes before
 * JSON.parse, so a deep body costs a scan, never a parse, a recursive validation or a stack overflow.
 * Scanning bytes is safe in UTF-8: no byte of a multi-byte character is an ASCII bracket or quote.
 */
function nestsDeeperThan(body: Buffer, max: number): boolean {
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < body.length; i++) {
    const byte = body[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (byte === BACKSLASH) escaped = true;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (OPEN.has(byte)) {
      if (++depth > max) return true;
    } else if (CLOSE.has(byte)) {
      depth--;
    }
  }
  return false;
}

export function jsonBody(): RequestHandler {
  return json({
    limit: BODY_LIMIT,
    verify: (_req: IncomingMessage, _res: unknown, body: Buffer) => {
      if (nestsDeeperThan(body, INPUT_LIMITS.jsonDepthMax)) throw new JsonTooDeepError();
    },
  });
}

function hasBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/**
 * A body must arrive whole within `ms` of the request's start, else 408 and the connection closes:
 * a client trickling bytes would otherwise hold a socket (and a parser) for minutes. The server's own
 * requestTimeout stays as a backstop for bodies no one reads.
 */
export function bodyReadTimeout(ms: number): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!hasBody(req) || req.complete) return next();
    const timer = setTimeout(() => {
      if (req.complete) return;
      if (res.headersSent) {
        req.socket.destroy();
        return;
      }
      res.setHeader('Connection', 'close');
      res.status(408).json({ detail: OWN_MESSAGES.bodyTimeout });
      // Stop reading what is left; the parser's 'aborted' error then finds the answer already sent.
      res.once('finish', () => req.socket.destroy());
    }, ms);
    timer.unref();
    const done = () => clearTimeout(timer);
    req.once('end', done);
    req.once('close', done);
    next();
  };
}
