import type { IncomingMessage, ServerResponse } from 'node:http';
import { hostname } from 'node:os';
import { LoggerModule } from 'nestjs-pino';
import type { AppConfig } from '../config/config';
import { requestContextMiddleware } from './request-context';

/**
 * The access log's options: one JSON line per answered request (but the health probe's), carrying the
 * request's id (`req.id`, set by requestContextMiddleware from a safe X-Request-Id or made), its method and
 * URL (a TOTP code in the path masked), the status and the time taken. No headers either way: a request's
 * carry its bearer token and cookies, an answer's the refresh token's Set-Cookie, and neither may reach
 * a log. The serializers name every field a line may carry, so nothing needs redacting after them.
 *
 * The service rides in the base bindings, written once per process, not as pino-http's customProps:
 * those are called twice per request, and each call makes a child logger and a JSON string.
 */
export function accessLogOptions(config: Pick<AppConfig, 'logLevel'>, service: 'api' | 'worker' = 'api') {
  return {
    level: config.logLevel,
    genReqId: (req: IncomingMessage & { id?: unknown }, res: ServerResponse) => {
      // Set already unless this runs without the app's middleware (the worker has no requests).
      if (typeof req.id !== 'string') requestContextMiddleware(req, res, () => undefined);
      return req.id as string;
    },
    base: { pid: process.pid, hostname: hostname(), service },
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url.replace(/(totp\/login\/)[^/]+/, '$1***') }),
      res: (res: { statusCode: number | null }) => ({ statusCode: res.statusCode }),
    },
    autoLogging: { ignore: (req: IncomingMessage) => req.url === '/api/v2/health/' },
  };
}

/** Structured JSON logs; every line of a request carries its request id. */
export function loggerModule(config: AppConfig, service: 'api' | 'worker' = 'api') {
  return LoggerModule.forRoot({ pinoHttp: accessLogOptions(config, service), exclude: [] });
}
