import { Processor } from '@nestjs/bullmq';
import { Inject, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Job, Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { ENGINE_COMMAND_EFFECTS } from '@console/contracts';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { queryRows } from '../common/database/sql';
import { AuditService } from '../logs/audit.service';
import { sweepOutbox } from '../queues/outbox';
import { ENGINE_COMMANDS_QUEUE } from '../queues/queue-producers.module';
import { QueueWorker, ScheduleSpec, WORKER_OPTIONS } from '../queues/queue-worker';
import { JOBS, QUEUES } from '../queues/queues';
import { ENGINE_COMMANDS_OUTBOX } from './engine-commands.outbox';
import { ENGINE_TARGET_TABLES, targetWhere } from './engine-targets';
import { EngineCommand, TRADING_ENGINE, type EngineOutcome, type TradingEngine } from './trading-engine';

export type RunOutcome = 'succeeded' | 'failed' | 'already-done';

/**
 * Hands pending engine_commands rows to the engine and writes what it reports: the command's status,
 * the target's action_state (CANCELLED, CLOSED, CHANGED; NONE again after a failure) and the engine's
 * state changes, in one transaction that only a still-pending command passes, so a command run twice
 * (a stalled job, a sweep) completes once.
 */
@Processor(QUEUES.engineCommands, WORKER_OPTIONS)
export class EngineCommandsProcessor extends QueueWorker {
  protected readonly logger = new Logger('EngineCommands');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) protected readonly config: AppConfig,
    @Inject(ENGINE_COMMANDS_QUEUE) private readonly queue: Queue,
    @Inject(TRADING_ENGINE) private readonly engine: TradingEngine,
    private readonly audit: AuditService,
  ) {
    super();
  }

  /** The sweeper: commands still pending after ENGINE_REQUEUE_AFTER_MS lost their job, and are published again. */
  protected async schedules(): Promise<ScheduleSpec[]> {
    const register = async () => {
      await this.queue.upsertJobScheduler(JOBS.requeuePendingEngineCommands, { every: this.config.engineSweepMs }, { name: JOBS.requeuePendingEngineCommands, data: {} });
    };
    return [{ queue: this.queue, key: JOBS.requeuePendingEngineCommands, register }];
  }

  async process(job: Job): Promise<unknown> {
    if (job.name === JOBS.requeuePendingEngineCommands) return { requeued: await this.sweep() };
    if (job.name !== JOBS.runEngineCommand) throw new Error(`Unknown job ${job.name}`);
    return this.run((job as Job<{ commandId: string }>).data.commandId);
  }

  sweep(): Promise<number> {
    return sweepOutbox(this.dataSource, ENGINE_COMMANDS_OUTBOX, this.queue, this.config.engineRequeueAfterMs);
  }

  async run(commandId: string): Promise<RunOutcome> {
    const [command]: (EngineCommand & { status: string })[] = await this.dataSource.query(
      `SELECT id::text, kind, target_type, target_id::text, payload, status FROM engine_commands WHERE id = $1`,
      [commandId],
    );
    if (!command || command.status !== 'pending') return 'already-done';
    await this.dataSource.query(`UPDATE engine_commands SET published_at = coalesce(published_at, now()) WHERE id = $1`, [commandId]);
    let outcome: EngineOutcome;
    try {
      outcome = await this.engine.execute(command);
    } catch (error) {
      // The engine could not be reached: BullMQ tries again; the command stays pending meanwhile.
      this.logger.warn(`command ${commandId} (${command.kind}): ${(error as Error).message}`);
      throw error;
    }
    return this.complete(command, outcome);
  }

  private complete(command: EngineCommand, outcome: EngineOutcome): Promise<RunOutcome> {
    const effect = ENGINE_COMMAND_EFFECTS[command.kind];
    const target = ENGINE_TARGET_TABLES[command.target_type];
    return this.dataSource.transaction(async (m) => {
      const done = await queryRows(
        m,
        `UPDATE engine_commands SET status = $2, error = $3, completed_at = now() WHERE id = $1 AND status = 'pending' RETURNING 1`,
        [command.id, outcome.status, outcome.status === 'failed' ? outcome.error : null],
      );
      if (!done.length) return 'already-done';
      if (outcome.status === 'succeeded') await outcome.apply?.(m);
      if (target.actionState) {
        const state = outcome.status === 'succeeded' ? effect.done : 'NONE';
        const params = command.target_id === null ? [state] : [command.target_id, state];
        await m.query(`UPDATE ${target.table} SET action_state = $${params.length} WHERE ${targetWhere(command.target_type)}`, params);
      }
      if (outcome.status === 'failed') {
        await this.audit.write({ type: 'error', event_type: `engine_${command.kind}_failed`, log_data: { command_id: command.id, target_id: command.target_id, error: outcome.error } }, m);
      }
      return outcome.status;
    });
  }
}
