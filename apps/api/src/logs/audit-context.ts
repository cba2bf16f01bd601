import { AsyncLocalStorage } from 'node:async_hooks';
import type { NextFunction, Request, Response } from 'express';

/** What one request has written to the audit log so far. */
interface AuditContext {
  rows: number;
  /** The write route answered without changing anything (a repeated request): no audit row is owed. */
  unchanged?: boolean;
}

const storage = new AsyncLocalStorage<AuditContext>();

/** Express middleware: every request gets its own count, visible to everything it awaits. */
export function auditContextMiddleware(_req: Request, _res: Response, next: NextFunction): void {
  storage.run({ rows: 0 }, next);
}

export function currentAuditContext(): AuditContext | undefined {
  return storage.getStore();
}

/** Says that this write request changed nothing, so the audit net expects no row from it. */
export function markUnchanged(): void {
  const context = storage.getStore();
  if (context) context.unchanged = true;
}
