import {
  EXPORT_MESSAGES,
  EXPORT_POLL_INTERVAL_MS,
  EXPORT_WAITING_STATUSES,
  type ExportListPaths,
  type ExportStartAnswer,
  type ExportStatus,
  type ExportTaskAnswer,
} from '@console/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { QueryValue } from '../../api/build-query';
import { useApiClient } from '../../api/context';
import { normaliseError } from '../../api/errors';
import { fallbackPoll } from '../../live/fallback-poll';
import type { LiveHub } from '../../live/live-hub';
import { useLiveHub } from '../../live/LiveProvider';

/** An exported list's calls: start with the list's filters, poll the task, download its file, cancel it. */
export type ExportCalls = ExportListPaths;

export type ExportParams = Record<string, QueryValue | readonly QueryValue[]>;

export interface ExportRun {
  running: boolean;
  /** The task waits for a worker (behind other exports): the button says so. */
  queued: boolean;
  /** Percent written while the worker reports progress, else null (a spinner without a figure). */
  progress: number | null;
  /** A cancel was asked for and the API has not answered yet. */
  cancelling: boolean;
  start: () => void;
  /** Stops the running export: its task is cancelled on the server and nothing is downloaded. */
  cancel: () => void;
}

/** The export in progress, as `cancel` reaches it. */
interface ActiveExport {
  controller: AbortController;
  cancelAsked: boolean;
  /** Ends the wait for the task's next state, so that the cancel goes out at once. */
  wake: () => void;
}

const isWaiting = (status: ExportStatus) => EXPORT_WAITING_STATUSES.some((waiting) => waiting === status);

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

/**
 * Follows a task on the live stream, subscribed before the task is asked for so that no event of it is
 * missed: `next()` resolves once the task may have moved on (an event for it, or a gap in the stream),
 * or, while the stream is not live, after EXPORT_POLL_INTERVAL_MS (the fallback rule).
 */
export function followTask(hub: LiveHub, signal: AbortSignal) {
  let taskId: string | null = null;
  let moved = false;
  let wake: (() => void) | null = null;
  const poke = () => {
    moved = true;
    wake?.();
  };
  const stop = hub.subscribe((notice) => {
    if (notice.kind === 'refetch' || (notice.kind === 'change' && notice.event.resource === 'exports' && (taskId === null || notice.event.ids?.includes(taskId)))) poke();
    // A stream that drops, or comes back, re-arms the wait with the rule for its new state.
    if (notice.kind === 'status') wake?.();
  });
  signal.addEventListener('abort', stop);
  return {
    track(id: string) {
      taskId = id;
    },
    /** Ends the current (or the next) wait now. */
    wake: poke,
    next: () =>
      new Promise<void>((resolve, reject) => {
        if (signal.aborted) return reject(signal.reason as Error);
        let timer: ReturnType<typeof setTimeout> | undefined;
        const done = () => {
          clearTimeout(timer);
          wake = null;
          signal.removeEventListener('abort', aborted);
          moved = false;
          resolve();
        };
        const aborted = () => {
          clearTimeout(timer);
          wake = null;
          reject(signal.reason as Error);
        };
        const arm = () => {
          if (moved) return done();
          clearTimeout(timer);
          const every = fallbackPoll(hub.status === 'live', true, EXPORT_POLL_INTERVAL_MS);
          if (every !== false) timer = setTimeout(done, every);
        };
        signal.addEventListener('abort', aborted);
        wake = arm;
        arm();
      }),
    stop,
  };
}

/**
 * The export flow: start a task with the current filters, read it again whenever the live stream says it
 * moved on (every EXPORT_POLL_INTERVAL_MS while the stream is not live) until SUCCESS with a filename,
 * then download the file with the session's token and save it. A failure ends as `onError`'s message.
 * `cancel` cancels the task (once the start has answered its id) and ends as `onCancelled`'s notice, as
 * does a task cancelled elsewhere (another tab). Leaving the page stops the wait.
 */
export function useExportTask(
  calls: ExportCalls,
  params: ExportParams,
  onError: (message: string) => void,
  onCancelled: (message: string) => void,
): ExportRun {
  const client = useApiClient();
  const hub = useLiveHub();
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [queued, setQueued] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const active = useRef<ActiveExport | null>(null);
  useEffect(() => () => active.current?.controller.abort(), []);

  const start = useCallback(() => {
    if (active.current && !active.current.controller.signal.aborted) return;
    const controller = new AbortController();
    const { signal } = controller;
    const follow = followTask(hub, signal);
    const run: ActiveExport = { controller, cancelAsked: false, wake: follow.wake };
    active.current = run;
    setRunning(true);
    setProgress(null);
    setQueued(false);
    setCancelling(false);
    void (async () => {
      try {
        const { task_id } = await client.get<ExportStartAnswer>(calls.start, { params, signal });
        follow.track(task_id);
        for (;;) {
          if (!run.cancelAsked) await follow.next();
          if (run.cancelAsked) {
            await client.post<ExportTaskAnswer>(calls.cancel(task_id), undefined, { signal });
            onCancelled(EXPORT_MESSAGES.cancelled);
            return;
          }
          const task = await client.get<ExportTaskAnswer>(calls.result(task_id), { signal });
          // Asked while the state was read: the cancel wins, whatever the state says.
          if (run.cancelAsked) continue;
          if (task.task_status === 'CANCELLED') {
            onCancelled(EXPORT_MESSAGES.cancelled);
            return;
          }
          if (task.task_status === 'FAILURE') throw new Error(EXPORT_MESSAGES.failed);
          if (task.task_status === 'SUCCESS') {
            if (!task.filename) throw new Error(task.expired ? EXPORT_MESSAGES.expired : EXPORT_MESSAGES.failed);
            saveFile(await client.get<Blob>(calls.file(task_id), { signal, as: 'blob' }), task.filename);
            return;
          }
          setProgress(task.task_status === 'PROGRESS' ? task.progress : null);
          setQueued(isWaiting(task.task_status));
        }
      } catch (error) {
        if (!signal.aborted) onError(normaliseError(error));
      } finally {
        follow.stop();
        if (!signal.aborted) {
          setRunning(false);
          setProgress(null);
          setQueued(false);
          setCancelling(false);
          active.current = null;
        }
      }
    })();
  }, [client, hub, calls, params, onError, onCancelled]);

  const cancel = useCallback(() => {
    const run = active.current;
    if (!run || run.cancelAsked || run.controller.signal.aborted) return;
    run.cancelAsked = true;
    setCancelling(true);
    run.wake();
  }, []);

  return { running, queued, progress, cancelling, start, cancel };
}
