import { AsyncLocalStorage } from 'node:async_hooks';
import type { NextFunction, Request, Response } from 'express';

/** What one request has written to the audit log so far. */
interface AuditContext {
  rows: number;
}

const storage = new AsyncLocalStorage<AuditContext>();

/** Express middleware: every request gets its own count, visible to everything it awaits. */
export function auditContextMiddleware(_req: Request, _res: Response, next: NextFunction): void {
  storage.run({ rows: 0 }, next);
}

export function currentAuditContext(): AuditContext | undefined {
  return storage.getStore();
}
