import type { BacktestRow, BacktestStatus } from '@console/contracts';

const UNFINISHED: ReadonlySet<BacktestStatus> = new Set(['PENDING', 'RUNNING']);

/** A run that waits or runs: it can be cancelled, and its page and the list follow its progress. */
export const isUnfinished = (status: BacktestStatus) => UNFINISHED.has(status);

/** A Limited group may not see the status: such a row never makes the list poll. */
export const hasUnfinishedRun = (rows: readonly Partial<Pick<BacktestRow, 'status'>>[]) => rows.some((r) => r.status !== undefined && isUnfinished(r.status));
