import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isSafeRequestId, REQUEST_ID_HEADER } from '@console/contracts';

/**
 * What one request carries through everything it awaits. One store for the request's id, its audit
 * count and its read routing: each AsyncLocalStorage run is paid on every request, so they share one.
 */
export interface RequestContext {
  /** A safe incoming X-Request-Id, else a new one: on audit rows, engine commands and queued jobs. */
  readonly id: string;
  /** What the request has written to the audit log so far. */
  readonly audit: { rows: number; /** The write route answered without changing anything: no audit row is owed. */ unchanged?: boolean };
  /** Whether its reads may go to the replica: set by ReadRoutingInterceptor once the caller is known. */
  readonly reads: { replica: boolean };
  /** The signed-in user, set by the access guard once resolved: a list's page links are bound to it. */
  readonly caller: {
    userId?: number;
    /** The personal API token the caller uses, if any: audit rows name it. */
    apiToken?: { id: number; name: string };
    /** The linked Telegram chat the caller acts from, if any: audit rows name it. */
    telegramChatId?: string;
  };
}

const storage = new AsyncLocalStorage<RequestContext>();

/**
 * Express middleware, first of all: the request's id is answered in the header and set as `req.id` for
 * the request log, and the request's context is visible to everything it awaits. Every request starts on
 * the primary, with no audit row written.
 */
export function requestContextMiddleware(req: IncomingMessage & { id?: unknown }, res: ServerResponse, next: () => void): void {
  const given = req.headers[REQUEST_ID_HEADER.toLowerCase()];
  const id = isSafeRequestId(given) ? given : randomUUID();
  req.id = id;
  res.setHeader(REQUEST_ID_HEADER, id);
  storage.run({ id, audit: { rows: 0 }, reads: { replica: false }, caller: {} }, next);
}

/** Runs a user's command sent from their linked Telegram chat (in the worker) as a request of its own. */
export function runAsTelegramChat<T>(userId: number, chatId: string, work: () => Promise<T>): Promise<T> {
  return storage.run({ id: randomUUID(), audit: { rows: 0 }, reads: { replica: false }, caller: { userId, telegramChatId: chatId } }, work);
}

/** The context of the request being served, if any (none in the worker or a CLI task). */
export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

/** The id of the request being served, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.id;
}
