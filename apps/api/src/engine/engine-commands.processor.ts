import { Processor } from '@nestjs/bullmq';
import { Inject, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Job, Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { commandChanges, ENGINE_COMMAND_EFFECTS } from '@console/contracts';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { AuditService } from '../logs/audit.service';
import { sweepOutbox } from '../queues/outbox';
import { ENGINE_COMMANDS_QUEUE } from '../queues/queue-producers.module';
import { QueueWorker, repeatingJob, ScheduleSpec, WORKER_OPTIONS } from '../queues/queue-worker';
import { JOBS, QUEUES, type RunEngineCommandJob } from '../queues/queues';
import { LiveEvents } from '../live/live-events';
import { ENGINE_COMMANDS_OUTBOX } from './engine-commands.outbox';
import { EngineCommandsRepository } from './engine-commands.repository';
import { engineCommandLatency } from '../metrics/metrics';
import { EngineCommand, TRADING_ENGINE, type EngineOutcome, type TradingEngine } from './trading-engine';

export type RunOutcome = 'succeeded' | 'failed' | 'already-done' | 'left-to-engine';

/**
 * Hands pending engine_commands rows to the engine and writes what it reports: the command's status,
 * the target's action_state (CANCELLED, CLOSED, CHANGED; NONE again after a failure) and the engine's
 * state changes, in one transaction that only a still-pending command passes, so a command run twice
 * (a stalled job, a sweep) completes once.
 *
 * With ENGINE=paper the engine process claims pending rows from the table itself: this processor then
 * leaves every command alone and registers no sweeper, so the two never race for a command.
 */
@Processor(QUEUES.engineCommands, WORKER_OPTIONS)
export class EngineCommandsProcessor extends QueueWorker {
  protected readonly logger = new Logger('EngineCommands');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) protected readonly config: AppConfig,
    @Inject(ENGINE_COMMANDS_QUEUE) private readonly queue: Queue,
    @Inject(TRADING_ENGINE) private readonly engine: TradingEngine,
    private readonly commands: EngineCommandsRepository,
    private readonly audit: AuditService,
    private readonly live: LiveEvents,
  ) {
    super();
  }

  /** The sweeper: commands still pending after ENGINE_REQUEUE_AFTER_MS lost their job, and are published again. */
  protected async schedules(): Promise<ScheduleSpec[]> {
    if (this.config.engine === 'paper') return [];
    return [repeatingJob(this.queue, JOBS.requeuePendingEngineCommands, this.config.engineSweepMs)];
  }

  /** A sweeper registered by an earlier run in simulated mode goes, so it does not fire for nothing. */
  protected override async afterRegistration(): Promise<void> {
    if (this.config.engine === 'paper') await this.queue.removeJobScheduler(JOBS.requeuePendingEngineCommands);
  }

  async process(job: Job): Promise<unknown> {
    if (job.name === JOBS.requeuePendingEngineCommands) return { requeued: await this.sweep() };
    if (job.name !== JOBS.runEngineCommand) throw new Error(`Unknown job ${job.name}`);
    const { commandId, requestId } = (job as Job<RunEngineCommandJob['data']>).data;
    return this.run(commandId, requestId);
  }

  async sweep(): Promise<number> {
    // A sweep job queued by an earlier run in simulated mode may still arrive once.
    if (this.config.engine === 'paper') return 0;
    return sweepOutbox(this.dataSource, ENGINE_COMMANDS_OUTBOX, this.queue, this.config.engineRequeueAfterMs);
  }

  /** `requestId`: the job's; a job published by the sweeper has none, and the row's is taken. */
  async run(commandId: string, requestId?: string): Promise<RunOutcome> {
    if (this.config.engine === 'paper') return 'left-to-engine';
    const command = await this.commands.takeForRun(this.dataSource, commandId);
    if (!command || command.status !== 'pending') return 'already-done';
    const trace = { requestId: requestId ?? command.request_id ?? undefined, commandId, kind: command.kind };
    let outcome: EngineOutcome;
    try {
      outcome = await this.engine.execute(command);
    } catch (error) {
      // The engine could not be reached: BullMQ tries again; the command stays pending meanwhile.
      this.logger.warn({ ...trace, msg: `command ${commandId} (${command.kind}): ${(error as Error).message}` });
      throw error;
    }
    const result = await this.complete(command, outcome, trace.requestId ?? null);
    if (result === 'already-done') return result;
    engineCommandLatency.observe({ kind: command.kind, status: result.status }, result.latency);
    this.logger.log({ ...trace, status: result.status, latencySeconds: result.latency, msg: `command ${commandId} (${command.kind}) ${result.status}` });
    await this.live.publish(...commandChanges(command.id, command.kind, command.target_id, result.status));
    return result.status;
  }

  private complete(command: EngineCommand, outcome: EngineOutcome, requestId: string | null): Promise<{ status: 'succeeded' | 'failed'; latency: number } | 'already-done'> {
    const effect = ENGINE_COMMAND_EFFECTS[command.kind];
    return this.dataSource.transaction(async (m) => {
      const latency = await this.commands.complete(m, command.id, outcome.status, outcome.status === 'failed' ? outcome.error : null);
      if (latency === null) return 'already-done';
      if (outcome.status === 'succeeded') await outcome.apply?.(m);
      await this.commands.setActionState(m, command.target_type, command.target_id, outcome.status === 'succeeded' ? effect.done : 'NONE');
      if (outcome.status === 'failed') {
        await this.audit.write(
          { type: 'error', event_type: `engine_${command.kind}_failed`, request_id: requestId, log_data: { command_id: command.id, target_id: command.target_id, error: outcome.error } },
          m,
        );
      }
      return { status: outcome.status, latency };
    });
  }
}
