import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import type { AppConfig } from '../config/config';
import { requestIdMiddleware } from './request-id';

/**
 * Structured JSON logs; every line of a request carries its request id (`req.id`, set by
 * requestIdMiddleware from a safe X-Request-Id or made).
 */
export function loggerModule(config: AppConfig, service: 'api' | 'worker' = 'api') {
  return LoggerModule.forRoot({
    pinoHttp: {
      level: config.logLevel,
      genReqId: (req: IncomingMessage & { id?: unknown }, res: ServerResponse) => {
        // Set already unless this runs without the app's middleware (the worker has no requests).
        if (typeof req.id !== 'string') requestIdMiddleware(req, res, () => undefined);
        return req.id as string;
      },
      customProps: () => ({ service }),
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'req.body'], remove: true },
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url.replace(/(totp\/login\/)[^/]+/, '$1***') }),
      },
      autoLogging: { ignore: (req: IncomingMessage) => req.url === '/api/v2/health/' },
    },
    exclude: [],
  });
}
