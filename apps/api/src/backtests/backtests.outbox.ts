import type { Outbox } from '../queues/outbox';
import { JOBS, type RunBacktestJob } from '../queues/queues';

/** Attempts of one run's job (a lost database connection, a worker stopped mid-run): a run starts over, its results are written once. */
export const BACKTEST_ATTEMPTS = 2;

export const backtestJobId = (id: string) => `backtest-${id}`;

/** backtests as an outbox: a run still waiting gets its job again (one per run: the job id is the run's). */
export const backtestsOutbox: Outbox = {
  name: 'backtest',
  table: 'backtests',
  waiting: `status = 'PENDING'`,
  publish: async (queue, id) => {
    const data: RunBacktestJob['data'] = { backtestId: id };
    await queue.add(JOBS.runBacktest, data, { jobId: backtestJobId(id), attempts: BACKTEST_ATTEMPTS, backoff: { type: 'fixed', delay: 5_000 }, removeOnComplete: true, removeOnFail: true });
  },
};
