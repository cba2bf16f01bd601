/** What every export spec stands on: an API and the real worker over a small generated data set. */
import type { INestApplicationContext } from '@nestjs/common';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Test } from 'supertest';
import { API_PREFIX, EXPORT_PATHS, type LiveChange } from '@console/contracts';
import { DEMO_TRADING_SIZES, generateTradingData } from '../demo/trading-data';
import type { LiveEvents } from '../live/live-events';
import { auth } from './factories';
import { waitUntil } from './fake-telegram';
import { createTestApp, TestContext } from './harness';
import { startWorker } from './worker';
import { binary } from './xlsx-files';

type ExportPaths = (typeof EXPORT_PATHS)[keyof typeof EXPORT_PATHS];

export interface ExportsWorld {
  ctx: TestContext;
  worker: INestApplicationContext;
  /** The local store's folder; none when the environment names another store. */
  exportDir?: string;
  close(): Promise<void>;
}

export interface ExportsWorldOptions {
  /** The API's and worker's settings beside EXPORT_DIR. */
  env: Record<string, string>;
  /** Signals in the generated data set, each with 2 orders and a log line. */
  signals: number;
  /** Days of minute metrics in the data set (2 unless given). */
  metricsDays?: number;
  /** false: the environment names a store of its own (S3), so no local folder is made. */
  localStore?: boolean;
  /** Makes the folder beforehand with this mode, as a mounted volume may be, for a test that the store narrows it. */
  folderMode?: number;
}

export async function startExportsWorld(name: string, opts: ExportsWorldOptions): Promise<ExportsWorld> {
  const root = opts.localStore === false ? undefined : await mkdtemp(join(tmpdir(), `${name}-`));
  let exportDir = root;
  if (root && opts.folderMode !== undefined) {
    exportDir = join(root, 'files');
    await mkdir(exportDir, { mode: opts.folderMode });
  }
  const ctx = await createTestApp({ ...(exportDir ? { EXPORT_DIR: exportDir } : {}), ...opts.env });
  await generateTradingData(ctx.db, { ...DEMO_TRADING_SIZES, signals: opts.signals, metricsDays: opts.metricsDays ?? 2, logsPerSignal: 1, ordersPerSignal: 2 });
  const worker = await startWorker(ctx);
  return {
    ctx,
    worker,
    exportDir,
    close: async () => {
      await worker.close();
      await ctx.close();
      if (root) await rm(root, { recursive: true, force: true });
    },
  };
}

/**
 * A list's export calls as its requester makes them (the signals list's unless `paths` names another).
 * `ctx` is read at each call, so a spec can declare the client beside its tests and make the app in beforeAll.
 */
export function exportClient(ctx: () => TestContext, paths: ExportPaths = EXPORT_PATHS.signals) {
  const request = (token: string, path: string, method: 'get' | 'post' = 'get'): Test => ctx().http()[method](`${API_PREFIX}${path}`).set(...auth(token));
  const state = (token: string, id: string) => request(token, paths.result(id));
  const start = async (token: string, query = '') => (await request(token, `${paths.start}${query}`).expect(200)).body.task_id as string;
  const finished = (token: string, id: string) => waitUntil(async () => (await state(token, id)).body.task_status === 'SUCCESS', 20_000);
  const download = (token: string, id: string) => request(token, paths.file(id)).buffer(true).parse(binary);
  return {
    /** The start request itself, for a test of its refusals. */
    startRequest: (token: string, query = '') => request(token, `${paths.start}${query}`),
    /** Starts an export (`query`: the list's filters) and answers its task id. */
    start,
    state,
    cancel: (token: string, id: string) => request(token, paths.cancel(id), 'post'),
    download,
    /** Resolves once the task has succeeded; fails the test after 20 s. */
    finished,
    /** Starts an export, waits for it and answers its file and its name. */
    async exportFile(token: string, query = ''): Promise<{ file: Buffer; filename: string }> {
      const id = await start(token, query);
      await finished(token, id);
      const filename = (await state(token, id).expect(200)).body.filename as string;
      return { file: (await download(token, id).expect(200)).body as Buffer, filename };
    },
  };
}

/** Hands every change `live` publishes to `seen` as well, before publishing it as usual. */
export function watchPublished(live: LiveEvents, seen: (change: LiveChange) => void): void {
  const publish = live.publish.bind(live);
  live.publish = async (...changes: LiveChange[]) => {
    changes.forEach(seen);
    return publish(...changes);
  };
}
