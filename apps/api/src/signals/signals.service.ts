import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { ENGINE_COMMAND_EFFECTS, SIGNAL_MESSAGES, type EngineCommandKind, type EngineCommandPayload, type EngineCommandState, type SignalRow } from '@console/contracts';
import type { Principal } from '../access/principal';
import { BadRequestDetail, FieldValidationError, foundOr404 } from '../common/errors/api-errors';
import { ListPage, mapRows, queryListPage } from '../common/list-query/list-query';
import { CommandRequest, CommandTarget, EngineCommandsService, SubmittedCommand } from '../engine/engine-commands.service';
import { bulkItemKey } from '../engine/idempotency-key';
import { SignalsQuery } from './signals.dto';
import { SIGNAL_LIST, signalListQuery, StoredSignal, toSignalRow } from './signals.list';
import { SignalsRepository, SignalTarget } from './signals.repository';
import { ReadDb } from '../common/database/read-replica';

type CloseKind = Extract<EngineCommandKind, 'close_market' | 'close_limit' | 'close_best_limit'>;

/**
 * A position may take a close while it is open and no other close of it is pending. A close at market
 * may follow a held limit close (CLOSING): it supersedes it, and the engine boundary has already refused
 * (409) any pending command it does not supersede.
 */
function openForClose(kind: CloseKind, position: CommandTarget<CloseKind>, refuse: () => Error): void {
  if (position.closed_at !== null || position.state !== 'open') throw refuse();
  if (position.action_state === 'CLOSING' && !ENGINE_COMMAND_EFFECTS[kind].supersedes) throw new BadRequestDetail(SIGNAL_MESSAGES.closeUnderWay);
}

/**
 * Signals: the list, and the operator's actions on a signal, each an engine command. Cancel targets the
 * signal (only while active_np); the closes target the signal's position (only while open). Every action
 * first finds the signal within the group's row scope, so a Limited group acts only on what it sees.
 */
@Injectable()
export class SignalsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reads: ReadDb,
    private readonly signals: SignalsRepository,
    private readonly commands: EngineCommandsService,
  ) {}

  async list(query: SignalsQuery, scope: readonly string[]): Promise<ListPage<SignalRow>> {
    return mapRows(await queryListPage<StoredSignal, SignalsQuery>(this.reads, SIGNAL_LIST, signalListQuery(query), scope), toSignalRow);
  }

  cancel(principal: Principal, id: number, scope: readonly string[], clientKey?: string): Promise<EngineCommandState> {
    return this.run('cancel_signal', async (m) => {
      foundOr404((await this.signals.targets(m, [id], scope))[0]);
      return [
        await this.commands.submitIn(m, principal, {
          kind: 'cancel_signal',
          targetId: id,
          clientKey,
          check: (signal) => {
            if (signal.state !== 'active_np') throw new BadRequestDetail(SIGNAL_MESSAGES.notCancellable);
          },
        }),
      ];
    }).then(([state]) => state);
  }

  close<K extends CloseKind>(principal: Principal, id: number, kind: K, scope: readonly string[], clientKey?: string, payload?: EngineCommandPayload<K>): Promise<EngineCommandState> {
    return this.run(kind, async (m) => {
      const target = foundOr404((await this.signals.targets(m, [id], scope))[0]);
      if (!target.position_id) throw new BadRequestDetail(SIGNAL_MESSAGES.noOpenPosition);
      const check = (position: CommandTarget<CloseKind>) => openForClose(kind, position, () => new BadRequestDetail(SIGNAL_MESSAGES.noOpenPosition));
      return [await this.commands.submitIn(m, principal, { kind, targetId: target.position_id, clientKey, payload, check })];
    }).then(([state]) => state);
  }

  /**
   * One command per signal's position, all in one transaction: every signal must be within the group's
   * scope and have an open position, or nothing is written. The engine boundary locks the positions in
   * one statement in id order (two bulk requests over the same signals cannot deadlock). An
   * Idempotency-Key covers the whole request: each signal's command gets a key derived from it.
   */
  bulkClose(principal: Principal, ids: readonly number[], kind: Extract<CloseKind, 'close_market' | 'close_best_limit'>, scope: readonly string[], clientKey?: string) {
    return this.run(kind, async (m) => {
      const found = new Map((await this.signals.targets(m, ids, scope)).map((t) => [t.id, t]));
      const missing = ids.filter((id) => !found.get(String(id))?.position_id);
      if (missing.length) throw FieldValidationError.of('signals_ids', SIGNAL_MESSAGES.noOpenPositions(missing));
      const requests = ids.map((id): CommandRequest<typeof kind> => {
        const target = found.get(String(id)) as SignalTarget & { position_id: string };
        const refuse = () => FieldValidationError.of('signals_ids', SIGNAL_MESSAGES.noOpenPositions([target.id]));
        return { kind, targetId: target.position_id, clientKey: bulkItemKey(clientKey, target.id), check: (p) => openForClose(kind, p, refuse) };
      });
      return this.commands.submitAllIn(m, principal, requests);
    }).then((commands) => ({ commands }));
  }

  /** Writes the commands in one transaction, publishes them after the commit and answers their states. */
  private async run(kind: EngineCommandKind, write: (m: EntityManager) => Promise<SubmittedCommand[]>): Promise<EngineCommandState[]> {
    const submitted = await this.dataSource.transaction(write);
    await this.commands.publishAll(submitted);
    return this.commands.states(kind, submitted);
  }
}
