/**
 * Where finished export files live: a local folder (one host, or a volume every host mounts) or an
 * S3-compatible bucket (several hosts). The worker writes a run's file through `begin`; the API reads it
 * with `open`; the purge deletes it with `remove`. A task's `file_path` holds what `commit` answered.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { exportFilePath, exportPartPath, partFileTask } from './export-files';

/** One run's file while it is written. */
export interface ExportUpload {
  /** The zip goes here; it is ended by the writer. */
  readonly out: Writable;
  /** Makes the written file the task's (after the writer has finished); answers its location and size. */
  commit(): Promise<{ location: string; bytes: number | null }>;
  /** Removes what this run wrote that is not the task's file (a failed or superseded run's). */
  discard(): Promise<void>;
}

export interface ExportFile {
  body: Readable;
  size: number;
}

export interface ExportStore {
  begin(taskId: string, runKey: string): Promise<ExportUpload>;
  /** The file at a task's location; null when it is gone (expired a moment ago). */
  open(location: string): Promise<ExportFile | null>;
  remove(location: string): Promise<void>;
  /** Deletes what dead runs left behind, older than `maxAgeMs`; answers how many. */
  sweepStrays(maxAgeMs: number): Promise<number>;
}

export const EXPORT_STORE = Symbol('EXPORT_STORE');

/** Owner only: the folder, and each file (a part file keeps its mode when renamed into place). */
const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

/**
 * A folder: each run writes a hidden part file of its own and renames it to the task's name, atomically;
 * so a retried or duplicated run never leaves a partial or second file.
 */
export class LocalExportStore implements ExportStore {
  constructor(private readonly dir: string) {}

  async begin(taskId: string, runKey: string): Promise<ExportUpload> {
    // The files hold trading data for one requester: only the service's user may list or read them.
    await mkdir(this.dir, { recursive: true, mode: DIR_MODE });
    // A folder made before (or by a volume mount) keeps its mode unless set; one we do not own stays as it is.
    await chmod(this.dir, DIR_MODE).catch(() => undefined);
    // Part files of earlier runs (a dead worker's): a run that still writes one finds the task taken.
    const names = await readdir(this.dir);
    await Promise.all(names.filter((name) => partFileTask(name) === taskId).map((name) => rm(join(this.dir, name), { force: true })));
    const part = exportPartPath(this.dir, taskId, runKey);
    const file = exportFilePath(this.dir, taskId);
    return {
      out: createWriteStream(part, { mode: FILE_MODE }),
      commit: async () => {
        await rename(part, file);
        return { location: file, bytes: await stat(file).then((info) => info.size, () => null) };
      },
      // After the rename the file is the task's, whichever run renamed last: it stays.
      discard: () => rm(part, { force: true }),
    };
  }

  async open(location: string): Promise<ExportFile | null> {
    const info = await stat(location).catch(() => null);
    return info ? { body: createReadStream(location), size: info.size } : null;
  }

  remove(location: string): Promise<void> {
    return rm(location, { force: true });
  }

  async sweepStrays(maxAgeMs: number): Promise<number> {
    let removed = 0;
    const names = await readdir(this.dir).catch(() => [] as string[]);
    for (const name of names.filter((n) => partFileTask(n) !== null)) {
      const info = await stat(join(this.dir, name)).catch(() => null);
      if (info && Date.now() - info.mtimeMs > maxAgeMs) {
        await rm(join(this.dir, name), { force: true });
        removed += 1;
      }
    }
    return removed;
  }
}
