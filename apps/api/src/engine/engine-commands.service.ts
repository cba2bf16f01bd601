import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { canRead, commandChanges, type AlertCommandKind, ENGINE_COMMAND_EFFECTS, ENGINE_COMMAND_RESOURCES, ENGINE_MESSAGES, permOf, type EngineCommandKind, type EngineCommandPayload, type EngineCommandState, type EngineCommandTargetOf } from '@console/contracts';
import type { Principal } from '../access/principal';
import { BadRequestDetail, ConflictDetail, ForbiddenDetail, foundOr404, NotFoundDetail } from '../common/errors/api-errors';
import { idsWithinScope, rowScopeOf } from '../access/row-scopes';
import { markUnchanged } from '../logs/audit-context';
import { AuditService } from '../logs/audit.service';
import { LiveEvents } from '../live/live-events';
import { EngineCommandsRepository, KeyedCommand } from './engine-commands.repository';
import { auditSignalId, ENGINE_TARGET_TABLES, type EngineTargetRow } from './engine-targets';

/** The locked row a command of kind K acts on (a cancel_order's order, a close's position…). */
export type CommandTarget<K extends EngineCommandKind> = EngineTargetRow<EngineCommandTargetOf<K>>;

/** One command asked of the engine; its rule and its pending write get its target's row, typed by its kind. */
export interface CommandRequest<K extends EngineCommandKind> {
  kind: K;
  /** The target row's id (none for the bot itself). */
  targetId: string | number | null;
  /** As the protocol page declares it for the kind (contracts ENGINE_COMMAND_PAYLOADS): numbers as decimal text. */
  payload?: EngineCommandPayload<K>;
  /** The client's Idempotency-Key: a retried request with the same key is the same command. */
  clientKey?: string;
  /**
   * The feature's own rule, checked on the locked target row inside the transaction (e.g. an order must
   * still be open); it throws the 400 that explains why not.
   */
  check?: (target: CommandTarget<K>, m: EntityManager) => Promise<void> | void;
  /**
   * Writes what the target shows while the command is pending, beyond action_state (a ticker config's
   * status `starting`), in the same transaction; only when a new command is written.
   */
  accepted?: (target: CommandTarget<K>, m: EntityManager) => Promise<void>;
}

/** A command written (or found: a repeat of one already written). */
export interface SubmittedCommand {
  id: string;
  created: boolean;
  kind: EngineCommandKind;
  targetId: string | null;
}

/** Two payloads are the same command when they hold the same values, whatever their keys' order. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, canonical(v)]));
  return value;
}
const samePayload = (a: Record<string, unknown>, b: Record<string, unknown>) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

/** One request on its way through `submitAllIn`. */
interface Item<K extends EngineCommandKind> {
  request: CommandRequest<K>;
  targetId: string | null;
  payload: Record<string, unknown>;
  idempotencyKey: string;
  answer?: SubmittedCommand;
}

/**
 * Operator actions on trading state become engine commands. In one transaction: the target rows are
 * locked, the feature's rule checked, the command rows written, the targets' action_state set
 * (CANCELLING…) and the audit rows written; after the commit open consoles hear of them, and the
 * engine claims the pending rows from the table itself (no queue between: nothing to lose). The same command twice
 * takes effect once: a retried request with the same Idempotency-Key gets the first command back, and
 * while a target has a pending command of the same kind with the same inputs (a double click, two API
 * instances) that command is the answer. Anything else asked of a row while a command on it is pending
 * is refused with 409 rather than silently answered by the first command: the same kind with other
 * inputs always, another kind on targets that take one change at a time (ENGINE_TARGET_TABLES).
 */
@Injectable()
export class EngineCommandsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly commands: EngineCommandsRepository,
    private readonly audit: AuditService,
    private readonly live: LiveEvents,
  ) {}

  /** Writes the command in a transaction of its own, announces it after the commit and answers its state. */
  async submit<K extends EngineCommandKind>(principal: Principal, request: CommandRequest<K>): Promise<EngineCommandState> {
    const submitted = await this.dataSource.transaction((m) => this.submitIn(m, principal, request));
    await this.publish(submitted);
    return (await this.commands.state(this.dataSource, submitted.id))!;
  }

  /**
   * Writes the command inside the caller's transaction `m`, for a feature whose own change must commit
   * with it (a ticker config saved and started at once). The caller passes the answer to `publish`
   * once its transaction has committed.
   */
  async submitIn<K extends EngineCommandKind>(m: EntityManager, principal: Principal, request: CommandRequest<K>): Promise<SubmittedCommand> {
    return (await this.submitAllIn(m, principal, [request]))[0];
  }

  /**
   * Several commands of one kind, one per target, inside the caller's transaction: all are written or
   * none (any refusal throws, and the caller's transaction takes back what was written). A constant
   * number of statements whatever the count: one look-up of the keys, one lock of every target in id
   * order, one look-up of their pending commands, one insert, one action_state update, one audit
   * insert; the features' rules run on the locked rows in between. Answers in the order asked.
   */
  async submitAllIn<K extends EngineCommandKind>(m: EntityManager, principal: Principal, requests: readonly CommandRequest<K>[]): Promise<SubmittedCommand[]> {
    if (!requests.length) return [];
    const kind = requests[0].kind;
    const effect = ENGINE_COMMAND_EFFECTS[kind];
    const items: Item<K>[] = requests.map((request) => {
      if (request.kind !== kind) throw new Error('submitAllIn takes commands of one kind');
      return {
        request,
        targetId: effect.target === 'system' ? null : String(request.targetId),
        payload: { ...request.payload },
        idempotencyKey: request.clientKey ? userIdempotencyKey(principal.userId, request.clientKey) : `auto:${randomUUID()}`,
      };
    });
    if (new Set(items.map((item) => item.targetId)).size !== items.length) throw new Error('submitAllIn takes one command per target');

    // A retried request: its key answers the first command, done or not, whatever the row is now.
    await this.answerEarlier(m, items.filter((item) => item.request.clientKey));
    const open = items.filter((item) => !item.answer);
    if (open.length) await this.write(m, principal, kind, open);
    return items.map((item) => item.answer!);
  }

  /**
   * A command an alert asks for on its strategy profile, inside the caller's transaction (which has
   * locked the profile's alert settings and checked its state). No user asked for it and the profile
   * shows no action_state for it (its kinds are `quiet`); the alert's own log row records it. Each alert
   * is a command of its own: a repeated alert is answered by its stored receipt, never here.
   */
  async submitAlertIn(m: EntityManager, kind: AlertCommandKind, profileId: number, payload: Record<string, unknown>): Promise<SubmittedCommand> {
    const targetId = String(profileId);
    const [written] = await this.commands.insertMany(m, { kind, target: ENGINE_COMMAND_EFFECTS[kind].target, requestedBy: null }, [{ targetId, payload, idempotencyKey: `alert:${randomUUID()}` }]);
    return { id: written.id, created: true, kind, targetId };
  }

  /** After the commit: a new command is announced to open consoles; a repeated request changed nothing. */
  async publish(submitted: SubmittedCommand): Promise<void> {
    await this.publishAll([submitted]);
  }

  /** `publish` for the answer of `submitAllIn`: the new commands go out together. */
  async publishAll(submitted: readonly SubmittedCommand[]): Promise<void> {
    const created = submitted.filter((command) => command.created);
    if (!created.length) return markUnchanged();
    // Open consoles hear of the pending action_state; the engine claims the pending rows from the table
    // itself and publishes their outcome when it has carried them out.
    await this.live.publish(...created.flatMap((command) => commandChanges(command.id, command.kind, command.targetId, 'accepted')));
  }

  /**
   * A command's state for someone who may read its section and its target: a group whose row scope hides
   * the target (a Limited signals window) gets the 404 of a command that does not exist, as the target's
   * own list would not show it.
   */
  async state(principal: Principal, id: string): Promise<EngineCommandState> {
    const command = foundOr404(await this.commands.state(this.dataSource, id));
    const section = ENGINE_COMMAND_EFFECTS[command.kind].section;
    if (!canRead(principal, section)) throw new ForbiddenDetail();
    const scope = rowScopeOf(section, permOf(principal, section));
    if (scope) {
      const visible =
        ENGINE_COMMAND_RESOURCES[command.kind] === scope.resource &&
        command.target_id !== null &&
        (await idsWithinScope(this.dataSource, scope.table, [command.target_id], scope.conditions)).length > 0;
      if (!visible) throw new NotFoundDetail();
    }
    return command;
  }

  /** The states of commands `submitAllIn` answered (one kind), in their order. */
  states(kind: EngineCommandKind, submitted: readonly SubmittedCommand[]): Promise<EngineCommandState[]> {
    return this.commands.states(
      this.dataSource,
      ENGINE_COMMAND_EFFECTS[kind].target,
      submitted.map((command) => command.id),
    );
  }

  /** Sets `answer` on each item whose key was used before (400 when it was used for something else). */
  private async answerEarlier<K extends EngineCommandKind>(m: EntityManager, keyed: readonly Item<K>[]): Promise<void> {
    if (!keyed.length) return;
    const earlier = new Map((await this.commands.byKeys(m, keyed.map((item) => item.idempotencyKey))).map((c) => [c.idempotency_key, c]));
    for (const item of keyed) {
      const command = earlier.get(item.idempotencyKey);
      if (command) item.answer = { id: this.sameCommand(command, item), created: false, kind: item.request.kind, targetId: item.targetId };
    }
  }

  private async write<K extends EngineCommandKind>(m: EntityManager, principal: Principal, kind: K, items: Item<K>[]): Promise<void> {
    const effect = ENGINE_COMMAND_EFFECTS[kind];
    const ids = items.map((item) => item.targetId);
    const locked: CommandTarget<K>[] = await this.commands.lockTargets(m, effect.target, ids);
    const rows = new Map(locked.map((row) => [effect.target === 'system' ? null : row.id, row]));
    const rowOf = (item: Item<K>) => foundOr404(rows.get(item.targetId));
    items.forEach(rowOf);

    // The targets are locked: a second request for one waits here, then finds the first one's command.
    const pending = await this.commands.pendingOn(m, effect.target, ids);
    const oneAtATime = ENGINE_TARGET_TABLES[effect.target].oneAtATime;
    // A held limit close does not block what replaces it (a close at market): the engine ends it superseded.
    const replaced = (command: { kind: EngineCommandKind }) => effect.supersedes?.includes(command.kind) ?? false;
    for (const item of items) {
      const onRow = pending.filter((command) => command.target_id === item.targetId && !replaced(command));
      const same = onRow.find((command) => command.kind === kind && samePayload(command.payload, item.payload));
      if (same) item.answer = { id: same.id, created: false, kind, targetId: item.targetId };
      else if (onRow.some((command) => oneAtATime || command.kind === kind)) throw new ConflictDetail(ENGINE_MESSAGES.actionRunning);
    }
    const fresh = items.filter((item) => !item.answer);
    for (const item of fresh) await item.request.check?.(rowOf(item), m);
    if (!fresh.length) return;

    const inserted = new Map(
      (await this.commands.insertMany(m, { kind, target: effect.target, requestedBy: principal.userId }, fresh)).map((c) => [c.idempotency_key, c.id]),
    );
    // A key committed by a concurrent request between the look-up and the insert: that request's command.
    await this.answerEarlier(m, fresh.filter((item) => !inserted.has(item.idempotencyKey)));
    const written = fresh.filter((item) => inserted.has(item.idempotencyKey));
    for (const item of written) item.answer = { id: inserted.get(item.idempotencyKey)!, created: true, kind, targetId: item.targetId };
    await this.commands.setActionStates(m, effect.target, written.map((item) => item.targetId), effect.pending);
    for (const item of written) await item.request.accepted?.(rowOf(item), m);
    await this.audit.writeMany(
      written.map((item) => ({
        type: 'user',
        event_type: `engine_${kind}`,
        user_id: principal.userId,
        signal_id: auditSignalId(effect.target, item.targetId, rowOf(item)),
        order_id: effect.target === 'order' ? item.targetId : null,
        log_data: { command_id: item.answer!.id, kind, target_type: effect.target, target_id: item.targetId, payload: item.payload },
      })),
      m,
    );
  }

  /** A key already used answers its command, but only for the same action, target and inputs. */
  private sameCommand<K extends EngineCommandKind>(earlier: KeyedCommand, item: Item<K>): string {
    const { kind } = item.request;
    const target = ENGINE_COMMAND_EFFECTS[kind].target;
    if (earlier.kind !== kind || earlier.target_type !== target || earlier.target_id !== item.targetId || !samePayload(earlier.payload, item.payload)) {
      throw new BadRequestDetail(ENGINE_MESSAGES.keyReused);
    }
    return earlier.id;
  }
}

/** The stored key of a user's command sent with an Idempotency-Key (or a Telegram confirmation's id). */
export function userIdempotencyKey(userId: number, clientKey: string): string {
  return `user:${userId}:${clientKey}`;
}
