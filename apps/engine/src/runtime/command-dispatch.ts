/**
 * Command dispatch: the pending operator commands claimed from engine_commands, each carried out on its
 * run by the strategy's command rules (or on a lost position, or as a status change) and settled once;
 * limit closes are held until their signal ends, under a lease renewed every turn so no other engine
 * takes them meanwhile; a close at market supersedes them.
 */
import { ENGINE_COMMAND_EFFECTS, ENGINE_MESSAGES, HELD_COMMAND_KINDS, isAlertCommand, POSITION_MESSAGES, SIGNAL_MESSAGES } from '@console/contracts';
import { VenueExecution } from '../execution/execution';
import { MINUTE_MS } from '../market/candle';
import { dec, toScale, type Dec } from '../money';
import { markPosition, type PositionBook } from '../positions/position';
import { cancelOrder, cancelSignal, closeBestLimit, closeLimit, closeLostPosition, closeMarket, CommandRefused, recoverKExit, reducePosition, setSkipCheck } from '../strategy/commands';
import { isFinal, type MinuteContext, type StepResult } from '../strategy/lifecycle';
import { runAlertCommand } from './alert-commands';
import { iso, type Db } from './db';
import type { EngineCore, RunRecord } from './engine-state';
import { applyStatusCommand, claimCommands, leaseCommand, liveLeases, positionOf, renewLeases, signalOf, supersedeHeld, type CommandRow, type Lease } from './sql/commands';
import { readLostPosition, writeLostPosition } from './sql/lost';

const COMMANDS_PER_BATCH = 100;

/**
 * Settles held limit closes and carries out claimed pending commands, each completed once; `prepare`
 * runs first when there is any such work. Answers whether there was.
 */
export async function runCommands(e: EngineCore, db: Db, minute: number, lease: Lease, prepare?: () => Promise<void>): Promise<boolean> {
  await keepLeases(e, db, lease);
  const commands = await claimCommands(db, Object.keys(e.doc.holding), COMMANDS_PER_BATCH);
  const work = commands.length > 0 || Object.keys(e.doc.holding).length > 0;
  if (work) await prepare?.();
  await settleHeld(e, db);
  for (const command of commands) await runCommand(e, db, command, minute, lease);
  return work;
}

/**
 * The held commands' leases renewed. The holding list is the state document's, shared by the copies on
 * one database: a command another copy leases stays in it while that lease is live (dropped, the next
 * state this copy writes would make the holder forget it and stop renewing). A command nobody leases any
 * more is dropped: settled meanwhile (superseded), or its holder gone, so the claim after this takes it
 * again like a new one.
 */
async function keepLeases(e: EngineCore, db: Db, lease: Lease): Promise<void> {
  const held = Object.keys(e.doc.holding);
  if (!held.length) return;
  const renewed = await renewLeases(db, held, lease);
  const heldElsewhere = await liveLeases(db, held.filter((id) => !renewed.has(id)));
  for (const id of held) if (!renewed.has(id) && !heldElsewhere.has(id)) delete e.doc.holding[id];
}

/** Limit closes whose signal has ended: done if it finished, else failed with the reason. */
async function settleHeld(e: EngineCore, db: Db): Promise<void> {
  for (const [commandId, signalId] of Object.entries(e.doc.holding)) {
    const record = e.runs.get(signalId);
    if (record && !isFinal(record.run)) continue;
    delete e.doc.holding[commandId];
    if (record) e.touched.add(signalId);
    const { rows } = await db.query<{ target_type: CommandRow['target_type']; target_id: string; kind: CommandRow['kind'] }>(`SELECT target_type, target_id::text, kind FROM engine_commands WHERE id = $1`, [commandId]);
    const row = rows[0];
    if (!row) continue;
    const finished = record?.run.signal.status === 'finished';
    await e.settle(db, { id: commandId, ...row }, finished ? { status: 'succeeded', done: ENGINE_COMMAND_EFFECTS[row.kind].done } : { status: 'failed', error: ENGINE_MESSAGES.closeOvertaken });
  }
}

async function runCommand(e: EngineCore, db: Db, command: CommandRow, minute: number, lease: Lease): Promise<void> {
  const done = ENGINE_COMMAND_EFFECTS[command.kind].done;
  const fail = (error: string) => e.settle(db, command, { status: 'failed', error });
  if (command.kind === 'close_lost_position') {
    const outcome = await closeLost(e, db, command, minute);
    await (outcome ? fail(outcome) : e.settle(db, command, { status: 'succeeded', done }));
    return;
  }
  if (isAlertCommand(command.kind)) {
    const refusal = runAlertCommand(e, { ...command, kind: command.kind }, minute);
    await (refusal ? fail(refusal) : e.settle(db, command, { status: 'succeeded', done }));
    return;
  }
  if (command.target_type === 'signal' || command.target_type === 'order' || command.target_type === 'position') {
    const signalId = command.target_type === 'signal' ? command.target_id : await signalOf(db, command.target_type === 'order' ? 'orders' : 'positions', command.target_id);
    const record = signalId ? e.runs.get(signalId) : undefined;
    const refusal = signalId ? e.refused.get(signalId) : undefined;
    if (refusal) {
      await fail(refusal);
      return;
    }
    if (!record || isFinal(record.run)) {
      await fail(command.target_type === 'signal' ? SIGNAL_MESSAGES.notCancellable : command.target_type === 'order' ? ENGINE_MESSAGES.orderNotOpen : signalId ? POSITION_MESSAGES.positionClosed : ENGINE_MESSAGES.targetUnknown);
      return;
    }
    const { profile, feed, ctx } = e.contextOf(record, minute);
    if (!profile || !ctx) {
      await fail(ENGINE_MESSAGES.targetUnknown);
      return;
    }
    let result: StepResult;
    try {
      result = carryOut(e, command, record, ctx);
    } catch (error) {
      if (error instanceof CommandRefused) {
        await fail(error.message);
        return;
      }
      throw error;
    }
    const held = record.run.exit.hold !== null;
    e.update(record, result, profile, feed?.ticker ?? '');
    const waits = HELD_COMMAND_KINDS.includes(command.kind) && !isFinal(result.run);
    if (waits) {
      e.doc.holding[command.id] = record.signalId;
      await leaseCommand(db, command.id, lease);
      return;
    }
    await supersede(e, db, command);
    if (held && result.run.exit.hold === null && !isFinal(result.run)) await cancelHeld(e, db, command, record.signalId);
    await e.settle(db, command, { status: 'succeeded', done });
    return;
  }
  await applyStatusCommand(db, command);
  await e.settle(db, command, { status: 'succeeded', done });
}

/** A command that replaces held ones (a close at market) ends them superseded, whichever engine held them. */
async function supersede(e: EngineCore, db: Db, command: CommandRow): Promise<void> {
  const kinds = ENGINE_COMMAND_EFFECTS[command.kind].supersedes;
  if (!kinds || command.target_id === null) return;
  for (const held of await supersedeHeld(db, command.target_id, command.id, kinds, ENGINE_MESSAGES.closeSuperseded)) {
    delete e.doc.holding[held.id];
    e.changes.commandSettled(held.id, held.kind, held.target_id, 'superseded');
  }
}

/** A cancel that took the held exit away ended its limit close: that command ends too, and the position shows no action. */
async function cancelHeld(e: EngineCore, db: Db, command: CommandRow, signalId: string): Promise<void> {
  const positionId = await positionOf(db, signalId);
  if (!positionId) return;
  for (const held of await supersedeHeld(db, positionId, command.id, HELD_COMMAND_KINDS, ENGINE_MESSAGES.closeCancelled, true)) {
    delete e.doc.holding[held.id];
    // The position's action_state goes back to NONE, as after a failure.
    e.changes.commandSettled(held.id, held.kind, held.target_id, 'failed');
  }
}

/**
 * close_lost_position {quantity}: a position found on the exchange without a signal, closed (in part) at
 * this minute's market; its row goes once nothing is left. Answers why not when it cannot.
 */
async function closeLost(e: EngineCore, db: Db, command: CommandRow, minute: number): Promise<string | null> {
  const row = await readLostPosition(db, command.target_id);
  if (!row) return POSITION_MESSAGES.lostPositionNotFound;
  const ticker = e.tickers.get(row.pair_id);
  if (ticker === undefined) return ENGINE_MESSAGES.pairNotOnMarket;
  const candle = e.market.candle(ticker, minute);
  if (!candle) return ENGINE_MESSAGES.pairNotOnMarket;
  const coins = dec(row.active_p_coins);
  const size = dec(row.active_p_size_usd);
  const held: PositionBook = {
    side: row.side,
    state: null,
    active_p_coins: coins,
    active_p_size_usd: size,
    // A row without its entry price is valued at its size, else at the market.
    avg_e_price: row.avg_e_price ? dec(row.avg_e_price) : coins.greaterThan(0) && size.greaterThan(0) ? toScale(size.div(coins), 'price') : dec(candle.close),
    r_pnl: dec(row.r_pnl),
    u_pnl: dec(row.u_pnl),
    current_price: row.current_price === null ? null : dec(row.current_price),
    mark_price: row.mark_price === null ? null : dec(row.mark_price),
  };
  const quantity = decimalOrNull(command.payload.quantity);
  if (!quantity) return POSITION_MESSAGES.quantityRange;
  let after: PositionBook;
  try {
    after = closeLostPosition(held, quantity, new VenueExecution(e.venue, { candle, tickDecimals: e.market.tickDecimals(ticker) }));
  } catch (error) {
    if (error instanceof CommandRefused) return error.message;
    throw error;
  }
  const marked = markPosition(after, { current_price: candle.close, mark_price: candle.close });
  const text = (value: Dec | null) => (value === null ? null : value.toFixed());
  await writeLostPosition(
    db,
    { id: row.id, active_p_coins: marked.active_p_coins.toFixed(), active_p_size_usd: marked.active_p_size_usd.toFixed(), avg_e_price: text(marked.avg_e_price), r_pnl: marked.r_pnl.toFixed(), u_pnl: marked.u_pnl.toFixed(), current_price: text(marked.current_price), mark_price: text(marked.mark_price) },
    iso(minute + MINUTE_MS),
  );
  return null;
}

function carryOut(e: EngineCore, command: CommandRow, record: RunRecord, ctx: MinuteContext): StepResult {
  const p = command.payload;
  switch (command.kind) {
    case 'cancel_signal':
      return cancelSignal(record.run, ctx);
    case 'cancel_order': {
      const key = Object.entries(record.orderIds).find(([, id]) => id === command.target_id)?.[0];
      if (key === undefined) throw new CommandRefused(ENGINE_MESSAGES.orderNotOpen);
      return cancelOrder(record.run, Number(key), ctx);
    }
    case 'close_market':
      return closeMarket(record.run, ctx);
    case 'close_limit':
      return closeLimit(record.run, Number(p.coefficient), ctx);
    case 'close_best_limit':
      return closeBestLimit(record.run, ctx);
    case 'reduce_position':
      return reducePosition(record.run, String(p.percent), ctx);
    case 'set_skip_check':
      return setSkipCheck(
        record.run,
        {
          skip_check_by_timer: typeof p.skip_check_by_timer === 'boolean' ? p.skip_check_by_timer : undefined,
          skip_check_by_distance: typeof p.skip_check_by_distance === 'boolean' ? p.skip_check_by_distance : undefined,
        },
        ctx,
      );
    case 'recover_k_exit':
      return recoverKExit(record.run, ctx);
    default:
      throw new CommandRefused(ENGINE_MESSAGES.targetUnknown);
  }
}

/** A payload's decimal (text or number), or null when it is none. */
function decimalOrNull(value: unknown): Dec | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  try {
    return dec(value);
  } catch {
    return null;
  }
}
