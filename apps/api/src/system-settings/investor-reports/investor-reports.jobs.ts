import type { Queue } from 'bullmq';
import { JOBS, SendInvestorReportJob } from '../../queues/queues';

const SCHEDULER_PREFIX = 'investor-report-';

/** The job scheduler id of a schedule entry. */
export function schedulerId(scheduleId: number): string {
  return `${SCHEDULER_PREFIX}${scheduleId}`;
}

export function scheduleIdOf(schedulerKey: string): number | null {
  return schedulerKey.startsWith(SCHEDULER_PREFIX) ? Number(schedulerKey.slice(SCHEDULER_PREFIX.length)) : null;
}

/** Registers (or replaces) the entry's job scheduler; cron patterns run in UTC. */
export async function registerReportSchedule(queue: Queue, scheduleId: number, pattern: string): Promise<void> {
  const data: SendInvestorReportJob['data'] = { scheduleId };
  await queue.upsertJobScheduler(
    schedulerId(scheduleId),
    { pattern, tz: 'UTC' },
    { name: JOBS.sendInvestorReport, data, opts: { removeOnComplete: { count: 100 }, removeOnFail: { count: 500 } } },
  );
}

export async function removeReportSchedule(queue: Queue, scheduleId: number): Promise<void> {
  await queue.removeJobScheduler(schedulerId(scheduleId));
}
