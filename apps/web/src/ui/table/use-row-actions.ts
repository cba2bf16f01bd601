import { useState } from 'react';
import { normaliseError } from '../../api/errors';
import { useToast } from '../toast/ToastProvider';

/** What becomes of a refused row action: a toast, or (for actions whose failures are only logged) the console. */
export type RefusalReport = 'toast' | 'log';

/**
 * Actions on a table's rows: one request per row at a time (`busy` holds the rows whose request runs,
 * to lock their buttons), the API's refusal shown as a toast unless the action's refusals are only logged.
 */
export function useRowActions() {
  const toast = useToast();
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());

  async function run(id: number, action: () => Promise<unknown>, onDone?: () => void, report: RefusalReport = 'toast'): Promise<void> {
    setBusy((previous) => new Set(previous).add(id));
    try {
      await action();
      onDone?.();
    } catch (e) {
      if (report === 'log') console.error('Row action failed:', normaliseError(e));
      else toast.error(normaliseError(e));
    } finally {
      setBusy((previous) => new Set([...previous].filter((busyId) => busyId !== id)));
    }
  }

  return { busy, run };
}
