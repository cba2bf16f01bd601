/** Event ids (Redis stream entry ids) and the ticket key; the stream's entries are in @console/contracts (live-change). */
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

export function liveTicketKey(prefix: string, ticket: string): string {
  return `${prefix}:live:ticket:${ticket}`;
}
