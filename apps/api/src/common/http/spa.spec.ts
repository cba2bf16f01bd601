import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestContext } from '../../test/harness';

/** The SPA's files and client routes at `/`; nothing under `/api` is ever looked up among the files. */
describe('serving the SPA', () => {
  let ctx: TestContext;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'spa-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>console</title>');
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
    // A file where an API path is: the API answers it, never the file.
    mkdirSync(join(dist, 'api', 'v2', 'health'), { recursive: true });
    writeFileSync(join(dist, 'api', 'v2', 'health', 'index.html'), 'not the API');
    writeFileSync(join(dist, 'api', 'notes.txt'), 'not the API');
    ctx = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves files and answers client routes with index.html', async () => {
    const file = await ctx.http().get('/assets/app.js').expect(200);
    expect(file.text).toBe('console.log(1)');
    const route = await ctx.http().get('/logs?type=error').expect(200);
    expect(route.text).toContain('<title>console</title>');
    expect(route.headers['cache-control']).toBe('no-cache');
  });

  it('never answers an /api path from the files', async () => {
    const notes = await ctx.http().get('/api/notes.txt').expect(404);
    expect(notes.body).toEqual({ detail: expect.any(String) });
    const health = await ctx.http().get('/api/v2/health/index.html').expect(404);
    expect(health.text).not.toContain('not the API');
  });
});
