import type { EntityManager } from 'typeorm';
import type { EngineCommandKind, EngineCommandTarget } from '@console/contracts';

/** A command as the engine receives it. */
export interface EngineCommand {
  id: string;
  kind: EngineCommandKind;
  target_type: EngineCommandTarget;
  target_id: string | null;
  payload: Record<string, unknown>;
}

/**
 * What the engine reports. On success `apply` writes the trading state the command changed (an order
 * cancelled, a position closed) in the same transaction that completes the command, so a reader never
 * sees a finished command with its target unchanged.
 */
export type EngineOutcome = { status: 'succeeded'; apply?: (m: EntityManager) => Promise<void> } | { status: 'failed'; error: string };

/**
 * The one interface the worker drives an engine through. `execute` may be called more than once for
 * the same command (a worker that died mid-way is replaced): an engine must recognise the command id.
 */
export interface TradingEngine {
  execute(command: EngineCommand): Promise<EngineOutcome>;
}

export const TRADING_ENGINE = Symbol('TradingEngine');
