import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import type { AppConfig } from '../config/config';

/** Structured JSON logs; every line of a request carries its request id (taken from X-Request-Id or made). */
export function loggerModule(config: AppConfig) {
  return LoggerModule.forRoot({
    pinoHttp: {
      level: config.logLevel,
      genReqId: (req: IncomingMessage, res: ServerResponse) => {
        const given = req.headers['x-request-id'];
        const id = typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      customProps: () => ({ service: 'api' }),
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'req.body'], remove: true },
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url.replace(/(totp\/login\/)[^/]+/, '$1***') }),
      },
      autoLogging: { ignore: (req: IncomingMessage) => req.url === '/api/v2/health/' },
    },
    exclude: [],
  });
}
