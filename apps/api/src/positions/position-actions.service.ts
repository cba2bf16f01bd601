import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { POSITION_MESSAGES as M, TRADING_DECIMALS, type EngineCommandKind, type EngineCommandState } from '@console/contracts';
import type { Principal } from '../access/principal';
import { dec, roundTo, toDbText } from '../common/decimal';
import { BadRequestDetail, FieldValidationError } from '../common/errors/api-errors';
import { EngineCommandsRepository } from '../engine/engine-commands.repository';
import { CommandRequest, EngineCommandsService } from '../engine/engine-commands.service';
import type { EngineTargetRow } from '../engine/engine-targets';
import { bulkItemKey } from '../engine/idempotency-key';
import { CloseLostPositionDto, SkipCheckDto } from './positions.dto';
import { PositionsRepository } from './positions.repository';

type Target = EngineTargetRow<'position'>;

/** The rule every action on a position shares: not closed, not being closed; a lost one only when the action allows it. */
function assertActionable(target: Target, lostRefusal: string | null): void {
  if (target.closed_at !== null || target.state === 'closed') throw new BadRequestDetail(M.positionClosed);
  if (target.action_state === 'CLOSING') throw new BadRequestDetail(M.positionClosing);
  if (lostRefusal && target.state === null) throw new BadRequestDetail(lostRefusal);
}

/** The flags a skip-check request sets (the ones it names). */
function skipFlags(body: SkipCheckDto): Record<string, boolean> {
  const flags: Record<string, boolean> = {};
  if (body.skip_check_by_timer !== undefined) flags.skip_check_by_timer = body.skip_check_by_timer;
  if (body.skip_check_by_distance !== undefined) flags.skip_check_by_distance = body.skip_check_by_distance;
  if (!Object.keys(flags).length) throw new BadRequestDetail(M.skipCheckRequired);
  return flags;
}

/**
 * The operator's actions on positions, each an engine command (engine/): the position shows CHANGING
 * (CLOSING for the lost-position close) until the engine is done. A bulk action writes one command per
 * position in one transaction, or none when one of them is refused. Asking again while the same command
 * is pending answers that command; any other change while one is pending is refused (409, at the engine
 * boundary), so no request is silently dropped.
 */
@Injectable()
export class PositionActionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly engine: EngineCommandsService,
    private readonly commands: EngineCommandsRepository,
    private readonly positions: PositionsRepository,
  ) {}

  reduce(principal: Principal, id: number, percent: number, clientKey?: string): Promise<EngineCommandState> {
    return this.one(principal, this.reduceRequest(id, percent, clientKey));
  }

  recoverKExit(principal: Principal, id: number, clientKey?: string): Promise<EngineCommandState> {
    return this.one(principal, { kind: 'recover_k_exit', targetId: id, clientKey, check: (t) => assertActionable(t, M.lostNoRecovery) });
  }

  skipCheck(principal: Principal, id: number, body: SkipCheckDto, clientKey?: string): Promise<EngineCommandState> {
    return this.one(principal, this.skipRequest(id, skipFlags(body), clientKey));
  }

  bulkReduce(principal: Principal, signalIds: number[], percent: number, clientKey?: string): Promise<EngineCommandState[]> {
    return this.bulk(principal, signalIds, (position) => this.reduceRequest(Number(position.id), percent, bulkItemKey(clientKey, position.signal_id)));
  }

  bulkSkipCheck(principal: Principal, signalIds: number[], body: SkipCheckDto, clientKey?: string): Promise<EngineCommandState[]> {
    const flags = skipFlags(body);
    return this.bulk(principal, signalIds, (position) => this.skipRequest(Number(position.id), flags, bulkItemKey(clientKey, position.signal_id)));
  }

  /** Closes (part of) the lost position of a pair and side at market: CLOSING until the engine is done. */
  async closeLost(principal: Principal, body: CloseLostPositionDto, clientKey?: string): Promise<EngineCommandState> {
    const lost = await this.positions.lostOf(this.dataSource, body.pair, body.side);
    if (!lost) throw new BadRequestDetail(M.lostPositionNotFound);
    // The screen shows coins to 4 decimals: that figure means all of it.
    const held = dec(lost.active_p_coins);
    const quantity = dec(body.quantity).eq(roundTo(held, TRADING_DECIMALS.positionCoins)) ? held : dec(body.quantity);
    return this.one(principal, {
      kind: 'close_lost_position',
      targetId: lost.id,
      clientKey,
      payload: { pair: String(body.pair), side: body.side, quantity: toDbText(quantity, 'quantity') },
      check: (t) => {
        if (t.state !== null || t.closed_at !== null) throw new BadRequestDetail(M.lostPositionNotFound);
        if (t.action_state === 'CLOSING') throw new BadRequestDetail(M.positionClosing);
        if (quantity.gt(dec(t.active_p_coins))) throw FieldValidationError.of('quantity', M.quantityRange);
      },
    });
  }

  private reduceRequest(id: number, percent: number, clientKey?: string): CommandRequest<'reduce_position'> {
    return { kind: 'reduce_position', targetId: id, clientKey, payload: { percent: toDbText(percent, 'ratio') }, check: (t) => assertActionable(t, M.lostNotReducible) };
  }

  private skipRequest(id: number, flags: Record<string, boolean>, clientKey?: string): CommandRequest<'set_skip_check'> {
    return {
      kind: 'set_skip_check',
      targetId: id,
      clientKey,
      payload: flags,
      check: (t) => assertActionable(t, M.lostNoSkipCheck),
    };
  }

  private async one<K extends EngineCommandKind>(principal: Principal, request: CommandRequest<K>): Promise<EngineCommandState> {
    const submitted = await this.dataSource.transaction((m) => this.engine.submitIn(m, principal, request));
    await this.engine.publish(submitted);
    return (await this.commands.state(this.dataSource, submitted.id))!;
  }

  /**
   * One command per position of these signals, all or none: the engine boundary locks them in one
   * statement in id order (no deadlock between two bulks) and writes them set-based.
   */
  private async bulk<K extends EngineCommandKind>(
    principal: Principal,
    signalIds: number[],
    requestOf: (position: { id: string; signal_id: string }) => CommandRequest<K>,
  ): Promise<EngineCommandState[]> {
    const unique = [...new Set(signalIds)];
    const requests: CommandRequest<K>[] = [];
    const submitted = await this.dataSource.transaction(async (m) => {
      const found = await this.positions.openBySignals(m, unique);
      if (found.length !== unique.length) throw FieldValidationError.of('signals_ids', M.signalsIdsUnknown);
      requests.push(...found.map(requestOf));
      return this.engine.submitAllIn(m, principal, requests);
    });
    await this.engine.publishAll(submitted);
    return this.engine.states(requests[0].kind, submitted);
  }
}
