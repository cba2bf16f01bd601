/**
 * The producers' side of the live stream, shared by every process that publishes (the API, the worker,
 * the paper engine): the Redis stream's key, the one field of its entries, and how a change is written
 * and read back. A team's own engine writes the same entries (docs/engine-protocol.md).
 */
import { ENGINE_COMMAND_EFFECTS } from './engine';
import { ENGINE_COMMAND_RESOURCES, LIVE_ACTIONS, type LiveAction } from './live';
import { RESOURCE_NAMES, type ResourceName } from './resource';
import { SECTIONS, type SectionName } from './sections';
import type { ActionState, EngineCommandKind, EngineCommandTarget } from './trading';

/** What a producer publishes: a change of a resource, for the users who may read `section`. */
export interface LiveChange {
  resource: ResourceName;
  action: LiveAction;
  section: SectionName;
  ids?: readonly (string | number)[];
  /** The row's new values under `section`'s field names; streams at Limited get it projected. */
  row?: Record<string, unknown>;
  /** Only this user's streams carry it (the progress of their own export). */
  userId?: number;
  /**
   * The row this change is about when that is not its own (an engine command: its target), so a stream
   * whose group's row scope hides that row does not get it either. Not sent to the console.
   */
  about?: { resource: ResourceName; id: string };
}

/** A change as read back from the Redis stream: its entry id is the event's id. */
export interface StoredChange extends Omit<LiveChange, 'ids'> {
  id: string;
  ids?: string[];
}

/** The Redis stream every producer appends to (`XADD <key> MAXLEN ~ <n> * change <json>`). */
export function liveStreamKey(prefix: string): string {
  return `${prefix}:live:changes`;
}

/** The stream's settings when the environment gives none (REDIS_PREFIX, LIVE_STREAM_MAX_LENGTH, ENQUEUE_TIMEOUT_MS). */
export const LIVE_STREAM_DEFAULTS = {
  redisPrefix: 'console',
  /** XADD's approximate MAXLEN: how many changes a resuming console can be behind. */
  maxLength: 10_000,
  /** The longest a producer waits for Redis after its commit. */
  publishTimeoutMs: 1_000,
} as const;

/** The entry's one field: the change as JSON, ids as text. */
export const CHANGE_FIELD = 'change';

export function encodeChange(change: LiveChange): string {
  const { ids, ...rest } = change;
  return JSON.stringify(ids ? { ...rest, ids: ids.map(String) } : rest);
}

const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');
const isRow = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What appending needs of a Redis client (ioredis's `pipeline`), so every producer appends alike. */
export interface LiveStreamClient {
  pipeline(): {
    xadd(key: string, ...args: (string | number)[]): unknown;
    exec(): Promise<[Error | null, unknown][] | null>;
  };
}

/**
 * Appends `changes` to the stream at `key` in one round trip, trimmed to about `maxLength` entries, and
 * waits at most `timeoutMs` for Redis: 'sent', 'failed' (Redis refused or is away) or 'late'. It never
 * throws: the change is in PostgreSQL already, and a console that misses it sees it on its next fetch.
 */
export async function appendLiveChanges(
  redis: LiveStreamClient,
  key: string,
  maxLength: number,
  changes: readonly LiveChange[],
  timeoutMs: number,
): Promise<{ outcome: 'sent' | 'failed' | 'late'; error?: Error }> {
  const pipeline = redis.pipeline();
  for (const change of changes) pipeline.xadd(key, 'MAXLEN', '~', maxLength, '*', CHANGE_FIELD, encodeChange(change));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<{ outcome: 'late' }>((resolve) => (timer = setTimeout(() => resolve({ outcome: 'late' }), timeoutMs)));
  const sent = pipeline.exec().then(
    (results) => {
      const error = results?.find(([e]) => e)?.[0];
      return error ? { outcome: 'failed' as const, error } : { outcome: 'sent' as const };
    },
    (error: Error) => ({ outcome: 'failed' as const, error }),
  );
  const result = await Promise.race([sent, late]);
  clearTimeout(timer);
  return result;
}

/** The change of a stream entry, or null for an entry this version cannot read. */
export function decodeChange(id: string, fields: readonly string[]): StoredChange | null {
  const at = fields.indexOf(CHANGE_FIELD);
  if (at < 0 || at + 1 >= fields.length) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(fields[at + 1]);
  } catch {
    return null;
  }
  if (!isRow(parsed)) return null;
  const { resource, action, section, ids, row, userId, about } = parsed;
  const known = <T extends string>(names: readonly T[], value: unknown): T | undefined => names.find((name) => name === value);
  const change = { resource: known(RESOURCE_NAMES, resource), action: known(LIVE_ACTIONS, action), section: known(SECTIONS, section) };
  if (!change.resource || !change.action || !change.section) return null;
  if ((ids !== undefined && !isStrings(ids)) || (row !== undefined && !isRow(row)) || (userId !== undefined && typeof userId !== 'number')) return null;
  const aboutRow = about === undefined ? undefined : isRow(about) && typeof about.id === 'string' ? { resource: known(RESOURCE_NAMES, about.resource), id: about.id } : null;
  if (aboutRow === null || (aboutRow && !aboutRow.resource)) return null;
  const stored: StoredChange = { id, resource: change.resource, action: change.action, section: change.section, ids, row, userId };
  if (aboutRow) stored.about = { resource: aboutRow.resource!, id: aboutRow.id };
  return stored;
}

/** Targets whose row shows a command's action_state (a ticker config or an exchange account has none). */
export const ACTION_STATE_TARGETS: readonly EngineCommandTarget[] = ['signal', 'order', 'position', 'strategy_profile', 'mm_profile', 'system'];

/**
 * The live changes of an engine command: its target (the resource it acts on, with the action_state
 * the target shows now) and the command itself. `accepted`: just written, the target shows the pending
 * state; then the engine's outcome: the done state, or NONE again after a failure; a superseded command
 * announces itself only. Whoever completes a
 * command (the worker's stand-in, the paper engine) publishes these.
 */
export function commandChanges(commandId: string, kind: EngineCommandKind, targetId: string | null, stage: 'accepted' | 'succeeded' | 'failed' | 'superseded'): LiveChange[] {
  const effect = ENGINE_COMMAND_EFFECTS[kind];
  // A superseded command's target shows its successor's action_state, announced with that one.
  if (stage === 'superseded') return commandChanges(commandId, kind, targetId, 'failed').slice(1);
  const actionState: ActionState = stage === 'accepted' ? effect.pending : stage === 'succeeded' ? effect.done : 'NONE';
  const target: LiveChange = { resource: ENGINE_COMMAND_RESOURCES[kind], action: 'updated', section: effect.section };
  if (targetId !== null) target.ids = [targetId];
  if (ACTION_STATE_TARGETS.includes(effect.target) && !effect.quiet) target.row = targetId === null ? { action_state: actionState } : { id: targetId, action_state: actionState };
  const command: LiveChange = { resource: 'engine-commands', action: stage === 'accepted' ? 'created' : 'updated', section: effect.section, ids: [commandId] };
  if (targetId !== null) command.about = { resource: target.resource, id: targetId };
  return [target, command];
}
