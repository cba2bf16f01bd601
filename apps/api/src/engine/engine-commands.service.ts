import { ForbiddenException, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { canRead, ENGINE_COMMAND_EFFECTS, ENGINE_MESSAGES, type EngineCommandKind, type EngineCommandState } from '@console/contracts';
import type { Principal } from '../access/principal';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { BadRequestDetail, NotFoundDetail } from '../common/errors/api-errors';
import { markUnchanged } from '../logs/audit-context';
import { AuditService } from '../logs/audit.service';
import { publishAfterCommit } from '../queues/outbox';
import { ENGINE_COMMANDS_QUEUE } from '../queues/queue-producers.module';
import { ENGINE_COMMANDS_OUTBOX } from './engine-commands.outbox';
import { ENGINE_TARGET_TABLES, targetWhere } from './engine-targets';

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
}

const STATE_COLUMNS = `c.id::text, c.kind, c.target_type, c.target_id::text, c.status, c.error, c.created_at, c.completed_at`;

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
    private readonly audit: AuditService,
  ) {}

  async submit(principal: Principal, request: CommandRequest): Promise<EngineCommandState> {
    const effect = ENGINE_COMMAND_EFFECTS[request.kind];
    const target = ENGINE_TARGET_TABLES[effect.target];
    const idempotencyKey = request.clientKey ? `user:${principal.userId}:${request.clientKey}` : `auto:${randomUUID()}`;
    const targetId = effect.target === 'system' ? null : String(request.targetId);
    const { id, created } = await this.dataSource.transaction(async (m) => {
      if (request.clientKey) {
        const earlier = await this.byKey(m, idempotencyKey);
        if (earlier) return { id: this.sameCommand(earlier, request.kind, effect.target, targetId), created: false };
      }
      const rows: Record<string, unknown>[] = await m.query(`SELECT * FROM ${target.table} WHERE ${targetWhere(effect.target)} FOR UPDATE`, targetId === null ? [] : [targetId]);
      if (!rows.length) throw new NotFoundDetail();
      // The target is locked: a second request for it waits here, then finds the first one's command.
      const [pending]: { id: string }[] = await m.query(
        `SELECT id::text FROM engine_commands WHERE target_type = $1 AND target_id IS NOT DISTINCT FROM $2 AND kind = $3 AND status = 'pending' ORDER BY id DESC LIMIT 1`,
        [effect.target, targetId, request.kind],
      );
      if (pending) return { id: pending.id, created: false };
      await request.check?.(rows[0], m);
      const inserted: { id: string }[] = await m.query(
        `INSERT INTO engine_commands (kind, target_type, target_id, payload, idempotency_key, requested_by)
         VALUES ($1, $2, $3, $4::jsonb, $5, $6) ON CONFLICT (idempotency_key) DO NOTHING RETURNING id::text`,
        [request.kind, effect.target, targetId, JSON.stringify(request.payload ?? {}), idempotencyKey, principal.userId],
      );
      if (!inserted.length) {
        // The same key committed by a concurrent request between our look-up and this insert.
        const earlier = await this.byKey(m, idempotencyKey);
        return { id: this.sameCommand(earlier!, request.kind, effect.target, targetId), created: false };
      }
      if (target.actionState) {
        await m.query(`UPDATE ${target.table} SET action_state = $${targetId === null ? 1 : 2} WHERE ${targetWhere(effect.target)}`, targetId === null ? [effect.pending] : [targetId, effect.pending]);
      }
      await this.audit.write(
        {
          type: 'user',
          event_type: `engine_${request.kind}`,
          user_id: principal.userId,
          signal_id: effect.target === 'signal' ? targetId : ((rows[0].signal_id as string | undefined) ?? null),
          order_id: effect.target === 'order' ? targetId : null,
          log_data: { command_id: inserted[0].id, kind: request.kind, target_type: effect.target, target_id: targetId, payload: request.payload ?? {} },
        },
        m,
      );
      return { id: inserted[0].id, created: true };
    });
    // A repeated request answers the first one's command and changes nothing.
    if (!created) markUnchanged();
    if (created) await publishAfterCommit(ENGINE_COMMANDS_OUTBOX, this.queue, [id], this.config.enqueueTimeoutMs, this.logger);
    return (await this.find(id))!;
  }

  /** A command's state for someone who may read its section. */
  async state(principal: Principal, id: string): Promise<EngineCommandState> {
    const command = await this.find(id);
    if (!command) throw new NotFoundDetail();
    if (!canRead(principal, ENGINE_COMMAND_EFFECTS[command.kind].section)) throw new ForbiddenException();
    return command;
  }

  async find(id: string, m: Pick<EntityManager, 'query'> = this.dataSource): Promise<EngineCommandState | null> {
    const [command]: Omit<EngineCommandState, 'action_state'>[] = await m.query(`SELECT ${STATE_COLUMNS} FROM engine_commands c WHERE c.id = $1`, [id]);
    if (!command) return null;
    const target = ENGINE_TARGET_TABLES[command.target_type];
    if (!target.actionState) return { ...command, action_state: null };
    const [row]: { action_state: EngineCommandState['action_state'] }[] = await m.query(
      `SELECT action_state FROM ${target.table} WHERE ${targetWhere(command.target_type)}`,
      command.target_id === null ? [] : [command.target_id],
    );
    return { ...command, action_state: row?.action_state ?? null };
  }

  private async byKey(m: EntityManager, key: string): Promise<{ id: string; kind: string; target_type: string; target_id: string | null } | undefined> {
    const [row]: { id: string; kind: string; target_type: string; target_id: string | null }[] = await m.query(
      `SELECT id::text, kind, target_type, target_id::text FROM engine_commands WHERE idempotency_key = $1`,
      [key],
    );
    return row;
  }

  /** A key already used answers its command, but only for the same action on the same target. */
  private sameCommand(earlier: { id: string; kind: string; target_type: string; target_id: string | null }, kind: string, targetType: string, targetId: string | null): string {
    if (earlier.kind !== kind || earlier.target_type !== targetType || earlier.target_id !== targetId) throw new BadRequestDetail(ENGINE_MESSAGES.keyReused);
    return earlier.id;
  }
}
