import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { catchError, defer, from, mergeMap, Observable, throwError } from 'rxjs';
import { ReadDb } from './read-replica';

/** The caller as the access guard left it on the request (common knows no feature's types). */
interface RoutedRequest {
  method: string;
  principal?: { userId: number };
}

const READS = new Set(['GET', 'HEAD']);

/**
 * Runs after the access guard, so the caller is known. A GET may read from the replica unless its user
 * wrote within READ_AFTER_WRITE_MS; any other request by a user starts (or extends) that window once it
 * has finished, before its answer leaves, so the user's next read already sees the write.
 */
@Injectable()
export class ReadRoutingInterceptor implements NestInterceptor {
  constructor(private readonly reads: ReadDb) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (!this.reads.enabled || ctx.getType() !== 'http') return next.handle();
    const req = ctx.switchToHttp().getRequest<RoutedRequest>();
    const userId = req.principal?.userId;
    if (READS.has(req.method)) return from(this.reads.allowReplica(userId)).pipe(mergeMap(() => next.handle()));
    if (userId === undefined) return next.handle();
    // Also after a failed write: part of it may have committed (a bulk action), and a mark costs nothing.
    const marked = () => defer(() => this.reads.wrote(userId));
    return next.handle().pipe(
      mergeMap((answer: unknown) => marked().pipe(mergeMap(() => [answer]))),
      catchError((error: unknown) => marked().pipe(mergeMap(() => throwError(() => error)))),
    );
  }
}
