import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { NextFunction, Request, Response } from 'express';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { OWN_MESSAGES } from '@console/contracts';

/**
 * Serves the built SPA at `/` with index.html for client routes, so a browser needs one origin.
 * `/api/…` is never answered with the SPA: unknown API paths get a JSON 404 from Nest.
 */
export function serveSpa(app: NestExpressApplication, distDir: string): boolean {
  const index = join(distDir, 'index.html');
  if (!distDir || !existsSync(index)) return false;
  const files = express.static(distDir, { index: false, maxAge: '1h', setHeaders: noCacheForHtml });
  // API calls skip the file lookup: it would cost every one of them a stat of the disk for nothing.
  app.use((req: Request, res: Response, next: NextFunction) => (isApiPath(req) ? next() : files(req, res, next)));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isApiPath(req)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return true;
}

function isApiPath(req: Request): boolean {
  return req.path.startsWith('/api');
}

function noCacheForHtml(res: Response, path: string): void {
  if (path.endsWith('.html')) res.setHeader('Cache-Control', 'no-cache');
}

/**
 * A JSON 404 for `/api/…` paths outside the versioned prefix (Nest answers those under it), such as
 * /api/docs when the documentation is turned off. Added after app.init(), so it runs after every route.
 */
export function answerUnknownApiPaths(app: NestExpressApplication): void {
  app.use('/api', (_req: Request, res: Response) => {
    res.status(404).json({ detail: OWN_MESSAGES.notFound });
  });
}
