import type { NextFunction, Request, Response } from 'express';
import { httpRequestDuration } from './metrics';

/**
 * Express middleware: each answered request is timed under its route pattern (`/api/v2/orders/order/:id/cancel`),
 * never its raw URL, so ids and query strings cannot multiply the series; unrouted paths share one label.
 */
export function httpMetricsMiddleware(req: Request, res: Response, next: NextFunction): void {
  const end = httpRequestDuration.startTimer();
  res.once('finish', () => {
    // A live stream's duration is how long a console stayed open, not a request's cost.
    if (String(res.getHeader('content-type') ?? '').startsWith('text/event-stream')) return;
    const route = req.route ? `${req.baseUrl}${String(req.route.path)}` : 'unmatched';
    end({ method: req.method, route, status: String(res.statusCode) });
  });
  next();
}
