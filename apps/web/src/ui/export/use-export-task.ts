import { EXPORT_MESSAGES, EXPORT_POLL_INTERVAL_MS, type ExportStartAnswer, type ExportTaskAnswer } from '@console/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { QueryValue } from '../../api/build-query';
import { useApiClient } from '../../api/context';
import { normaliseError } from '../../api/errors';

/** An exported list's calls: start with the list's filters, poll the task, download its file. */
export interface ExportCalls {
  start: string;
  result: (taskId: string) => string;
  file: (taskId: string) => string;
}

export type ExportParams = Record<string, QueryValue | readonly QueryValue[]>;

export interface ExportRun {
  running: boolean;
  /** Percent written while the worker reports progress, else null (a spinner without a figure). */
  progress: number | null;
  start: () => void;
}

/** Hands a downloaded file to the browser under its name. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    });
  });

/**
 * The export flow: start a task with the current filters, poll it every
 * EXPORT_POLL_INTERVAL_MS until SUCCESS with a filename, then download the file with the session's token
 * and save it. A failure ends as `onError`'s message. Leaving the page stops the polling.
 */
export function useExportTask(calls: ExportCalls, params: ExportParams, onError: (message: string) => void): ExportRun {
  const client = useApiClient();
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const start = useCallback(() => {
    if (abort.current && !abort.current.signal.aborted) return;
    const controller = new AbortController();
    abort.current = controller;
    const { signal } = controller;
    setRunning(true);
    setProgress(null);
    void (async () => {
      try {
        const { task_id } = await client.get<ExportStartAnswer>(calls.start, { params, signal });
        for (;;) {
          await wait(EXPORT_POLL_INTERVAL_MS, signal);
          const task = await client.get<ExportTaskAnswer>(calls.result(task_id), { signal });
          if (task.task_status === 'FAILURE') throw new Error(EXPORT_MESSAGES.failed);
          if (task.task_status === 'SUCCESS') {
            if (!task.filename) throw new Error(task.expired ? EXPORT_MESSAGES.expired : EXPORT_MESSAGES.failed);
            saveFile(await client.get<Blob>(calls.file(task_id), { signal, as: 'blob' }), task.filename);
            return;
          }
          setProgress(task.task_status === 'PROGRESS' ? task.progress : null);
        }
      } catch (error) {
        if (!signal.aborted) onError(normaliseError(error));
      } finally {
        if (!signal.aborted) {
          setRunning(false);
          setProgress(null);
          abort.current = null;
        }
      }
    })();
  }, [client, calls, params, onError]);

  return { running, progress, start };
}
