import { currentRequestId } from '../common/http/request-context';
import type { Outbox } from '../queues/outbox';
import { JOBS, RunEngineCommandJob } from '../queues/queues';

/** Attempts to hand a command to the engine (the engine itself answers succeeded or failed), 1 s apart and doubling. */
const ENGINE_HAND_OFF_ATTEMPTS = 5;
const ENGINE_HAND_OFF_RETRY_MS = 1_000;

/** engine_commands as an outbox: pending rows are handed to the engine, one job per row. */
export const ENGINE_COMMANDS_OUTBOX: Outbox = {
    name: 'engine command',
    table: 'engine_commands',
    waiting: `status = 'pending'`,
    publish: async (queue, id) => {
      // A sweep runs outside any request: the worker then reads the id from the row.
      const requestId = currentRequestId();
      const data: RunEngineCommandJob['data'] = requestId ? { commandId: id, requestId } : { commandId: id };
      await queue.add(JOBS.runEngineCommand, data, {
        jobId: `engine-command-${id}`,
        attempts: ENGINE_HAND_OFF_ATTEMPTS,
        backoff: { type: 'exponential', delay: ENGINE_HAND_OFF_RETRY_MS },
        removeOnComplete: { count: 1000 },
        removeOnFail: { count: 5000 },
      });
    },
};
