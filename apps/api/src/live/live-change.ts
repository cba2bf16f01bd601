import { LIVE_ACTIONS, RESOURCE_NAMES, SECTIONS, type LiveAction, type ResourceName, type SectionName } from '@console/contracts';

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
}

/** A change as read back from the Redis stream: its entry id is the event's id. */
export interface StoredChange extends Omit<LiveChange, 'ids'> {
  id: string;
  ids?: string[];
}

const EVENT_ID = /^(\d{1,20})-(\d{1,20})$/;

/** A Redis stream entry id (`<ms>-<seq>`), the form of every event id. */
export function isEventId(value: string): boolean {
  return EVENT_ID.test(value);
}

function parts(id: string): [bigint, bigint] {
  const match = EVENT_ID.exec(id);
  return match ? [BigInt(match[1]), BigInt(match[2])] : [0n, 0n];
}

/** Orders two event ids as Redis orders its entries (a malformed id counts as the start, 0-0). */
export function compareEventIds(a: string, b: string): number {
  const [aMs, aSeq] = parts(a);
  const [bMs, bSeq] = parts(b);
  const diff = aMs !== bMs ? aMs - bMs : aSeq - bSeq;
  return diff === 0n ? 0 : diff < 0n ? -1 : 1;
}

/** The later of two event ids. */
export function laterEventId(a: string, b: string): string {
  return compareEventIds(a, b) >= 0 ? a : b;
}

/** The entry's one field: the change as JSON, ids as text. */
export const CHANGE_FIELD = 'change';

export function encodeChange(change: LiveChange): string {
  const { ids, ...rest } = change;
  return JSON.stringify(ids ? { ...rest, ids: ids.map(String) } : rest);
}

const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');
const isRow = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

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
  const { resource, action, section, ids, row, userId } = parsed;
  const known = <T extends string>(names: readonly T[], value: unknown): T | undefined => names.find((name) => name === value);
  const change = { resource: known(RESOURCE_NAMES, resource), action: known(LIVE_ACTIONS, action), section: known(SECTIONS, section) };
  if (!change.resource || !change.action || !change.section) return null;
  if ((ids !== undefined && !isStrings(ids)) || (row !== undefined && !isRow(row)) || (userId !== undefined && typeof userId !== 'number')) return null;
  return { id, resource: change.resource, action: change.action, section: change.section, ids, row, userId };
}

export function liveStreamKey(prefix: string): string {
  return `${prefix}:live:changes`;
}

export function liveTicketKey(prefix: string, ticket: string): string {
  return `${prefix}:live:ticket:${ticket}`;
}
