import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isSafeRequestId, REQUEST_ID_HEADER } from '@console/contracts';

const storage = new AsyncLocalStorage<string>();

/**
 * Express middleware, first of all: the request's id (a safe incoming X-Request-Id, else a new one) is
 * answered in the header, set as `req.id` for the request log, and visible to everything the request
 * awaits (audit rows, engine commands, queued jobs).
 */
export function requestIdMiddleware(req: IncomingMessage & { id?: unknown }, res: ServerResponse, next: () => void): void {
  const given = req.headers[REQUEST_ID_HEADER.toLowerCase()];
  const id = isSafeRequestId(given) ? given : randomUUID();
  req.id = id;
  res.setHeader(REQUEST_ID_HEADER, id);
  storage.run(id, next);
}

/** The id of the request being served, if any (none in the worker or a CLI task). */
export function currentRequestId(): string | undefined {
  return storage.getStore();
}
