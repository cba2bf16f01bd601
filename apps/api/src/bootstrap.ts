import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { API_PREFIX } from '@console/contracts';
import { AppModule } from './app.module';
import { AppConfig } from './common/config/config';
import { HttpExceptionFilter } from './common/errors/http-exception.filter';
import { createValidationPipe } from './common/validation/validation-pipe';
import { bodyReadTimeout, jsonBody } from './common/http/request-body';
import { noStoreApiAnswers, securityHeaders } from './common/http/security-headers';
import { answerUnknownApiPaths, serveSpa } from './common/http/spa';
import { setCursorSecret } from './common/list-query/list-query';
import { setPublicUrl } from './common/pagination/pagination';
import { requestContextMiddleware } from './common/http/request-context';
import { httpMetricsMiddleware } from './metrics/http-metrics';
import { serveMcp } from './mcp/mcp-http';

/** Node's own limits on a request's arrival, as a backstop to bodyReadTimeout (checked every 30 s). */
const HEADERS_TIMEOUT_MS = 20_000;

/** Builds the HTTP app (used by main.ts and by the tests, so both run the same wiring). */
export async function createApp(config: AppConfig, opts: { logs?: boolean } = {}): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), { bufferLogs: true, bodyParser: false });
  if (opts.logs !== false) app.useLogger(app.get(Logger));
  else app.useLogger(false);
  const server = app.getHttpServer();
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = HEADERS_TIMEOUT_MS + config.bodyTimeoutMs;

  app.use(requestContextMiddleware);
  app.use(httpMetricsMiddleware);
  app.use(securityHeaders(config));
  app.use(noStoreApiAnswers);
  app.use(bodyReadTimeout(config.bodyTimeoutMs));
  app.use(jsonBody());
  app.disable('x-powered-by');
  // Every API answer is no-store (noStoreApiAnswers), so no client asks again with If-None-Match: hashing
  // each body for an ETag would be work for nothing. The SPA's files keep theirs (express.static's own).
  app.set('etag', false);
  app.set('trust proxy', config.trustProxy);
  setPublicUrl(app, config.publicUrl);
  setCursorSecret(config.jwtSecret);
  app.setGlobalPrefix(API_PREFIX.slice(1));
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new HttpExceptionFilter());
  app.enableShutdownHooks();

  if (config.apiDocs) {
    const document = SwaggerModule.createDocument(
      app,
      new DocumentBuilder().setTitle('Trading console API').setVersion('2').addBearerAuth().build(),
    );
    // No validator badge: it would send the document's URL to validator.swagger.io (and need a CSP exception).
    SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json', swaggerOptions: { validatorUrl: null } });
  }
  // Before the SPA, whose fallback would answer a GET of /mcp with index.html.
  serveMcp(app);
  serveSpa(app, config.webDistDir);
  await app.init();
  answerUnknownApiPaths(app);
  return app;
}
