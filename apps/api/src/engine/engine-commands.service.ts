import { ForbiddenException, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { canRead, ENGINE_COMMAND_EFFECTS, ENGINE_MESSAGES, type EngineCommandKind, type EngineCommandState } from '@console/contracts';
import type { Principal } from '../access/principal';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { BadRequestDetail, foundOr404 } from '../common/errors/api-errors';
import { markUnchanged } from '../logs/audit-context';
import { AuditService } from '../logs/audit.service';
import { publishAfterCommit } from '../queues/outbox';
import { ENGINE_COMMANDS_QUEUE } from '../queues/queue-producers.module';
import { ENGINE_COMMANDS_OUTBOX } from './engine-commands.outbox';
import { EngineCommandsRepository, KeyedCommand } from './engine-commands.repository';

export interface CommandRequest {
  kind: EngineCommandKind;
  /** The target row's id (none for the bot itself). */
  targetId: string | number | null;
  payload?: Record<string, unknown>;
  /** The client's Idempotency-Key: a retried request with the same key is the same command. */
  clientKey?: string;
  /**
   * The feature's own rule, checked on the locked target row inside the transaction (e.g. an order must
   * still be open); it throws the 400 that explains why not.
   */
  check?: (target: Record<string, unknown>, m: EntityManager) => Promise<void> | void;
  /**
   * Writes what the target shows while the command is pending, beyond action_state (a ticker config's
   * status `starting`), in the same transaction; only when a new command is written.
   */
  accepted?: (target: Record<string, unknown>, m: EntityManager) => Promise<void>;
}

/** A command written (or found: a repeat of one already written). */
export interface SubmittedCommand {
  id: string;
  created: boolean;
}

/**
 * Operator actions on trading state become engine commands. In one transaction: the target row is locked,
 * the feature's rule checked, the command row written, the target's action_state set (CANCELLING…) and
 * the audit row written; after the commit the command is published to the engine's queue (the outbox
 * sweeper publishes it again if that is lost). The same command twice takes effect once: a retried
 * request with the same Idempotency-Key gets the first command back, and while a target has a pending
 * command of the same kind (a double click, two API instances) that command is the answer.
 */
@Injectable()
export class EngineCommandsService {
  private readonly logger = new Logger('EngineCommands');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ENGINE_COMMANDS_QUEUE) private readonly queue: Queue,
    private readonly commands: EngineCommandsRepository,
    private readonly audit: AuditService,
  ) {}

  /** Writes the command in a transaction of its own, publishes it after the commit and answers its state. */
  async submit(principal: Principal, request: CommandRequest): Promise<EngineCommandState> {
    const submitted = await this.dataSource.transaction((m) => this.submitIn(m, principal, request));
    await this.publish(submitted);
    return (await this.commands.state(this.dataSource, submitted.id))!;
  }

  /**
   * Writes the command inside the caller's transaction `m`, for a feature whose own change must commit
   * with it (a ticker config saved and started at once). The caller passes the answer to `publish`
   * once its transaction has committed.
   */
  async submitIn(m: EntityManager, principal: Principal, request: CommandRequest): Promise<SubmittedCommand> {
    const effect = ENGINE_COMMAND_EFFECTS[request.kind];
    const idempotencyKey = request.clientKey ? `user:${principal.userId}:${request.clientKey}` : `auto:${randomUUID()}`;
    const targetId = effect.target === 'system' ? null : String(request.targetId);
    if (request.clientKey) {
      const earlier = await this.commands.byKey(m, idempotencyKey);
      if (earlier) return { id: this.sameCommand(earlier, request.kind, effect.target, targetId), created: false };
    }
    const row = foundOr404(await this.commands.lockTarget(m, effect.target, targetId));
    // The target is locked: a second request for it waits here, then finds the first one's command.
    const pending = await this.commands.pendingFor(m, effect.target, targetId, request.kind);
    if (pending) return { id: pending, created: false };
    await request.check?.(row, m);
    const insertedId = await this.commands.insert(m, {
      kind: request.kind,
      target: effect.target,
      targetId,
      payload: request.payload ?? {},
      idempotencyKey,
      requestedBy: principal.userId,
    });
    if (!insertedId) {
      // The same key committed by a concurrent request between our look-up and this insert.
      const earlier = await this.commands.byKey(m, idempotencyKey);
      return { id: this.sameCommand(earlier!, request.kind, effect.target, targetId), created: false };
    }
    await this.commands.setActionState(m, effect.target, targetId, effect.pending);
    await request.accepted?.(row, m);
    await this.audit.write(
      {
        type: 'user',
        event_type: `engine_${request.kind}`,
        user_id: principal.userId,
        signal_id: effect.target === 'signal' ? targetId : ((row.signal_id as string | undefined) ?? null),
        order_id: effect.target === 'order' ? targetId : null,
        log_data: { command_id: insertedId, kind: request.kind, target_type: effect.target, target_id: targetId, payload: request.payload ?? {} },
      },
      m,
    );
    return { id: insertedId, created: true };
  }

  /** After the commit: a new command goes to the engine's queue; a repeated request changed nothing. */
  async publish(submitted: SubmittedCommand): Promise<void> {
    if (!submitted.created) markUnchanged();
    else await publishAfterCommit(ENGINE_COMMANDS_OUTBOX, this.queue, [submitted.id], this.config.enqueueTimeoutMs, this.logger);
  }

  /** A command's state for someone who may read its section. */
  async state(principal: Principal, id: string): Promise<EngineCommandState> {
    const command = foundOr404(await this.commands.state(this.dataSource, id));
    if (!canRead(principal, ENGINE_COMMAND_EFFECTS[command.kind].section)) throw new ForbiddenException();
    return command;
  }

  /** A key already used answers its command, but only for the same action on the same target. */
  private sameCommand(earlier: KeyedCommand, kind: string, targetType: string, targetId: string | null): string {
    if (earlier.kind !== kind || earlier.target_type !== targetType || earlier.target_id !== targetId) throw new BadRequestDetail(ENGINE_MESSAGES.keyReused);
    return earlier.id;
  }
}
