import { join } from 'node:path';

/** Where a finished export lives: one file per task, named by its id (the download gives the user's name). */
export function exportFilePath(dir: string, taskId: string): string {
  return join(dir, `${taskId}.xlsx`);
}

/** A run's file while it is written: hidden, and named by the run, so two runs never share one. */
export function exportPartPath(dir: string, taskId: string, runKey: string): string {
  return join(dir, `.${taskId}.${runKey}.part`);
}

/** Whether a directory entry is a part file, and of which task. */
export function partFileTask(name: string): string | null {
  const match = /^\.([0-9a-f-]{36})\.[0-9a-f-]{36}\.part$/.exec(name);
  return match ? match[1] : null;
}
