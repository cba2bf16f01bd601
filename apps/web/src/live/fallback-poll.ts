import { ENGINE_COMMAND_EFFECTS, LIVE_LIMITS, type Paginated } from '@console/contracts';
import { useLiveStatus } from './LiveProvider';

/** The action states a row shows while its engine command is pending. */
const UNDER_WAY: ReadonlySet<string> = new Set(Object.values(ENGINE_COMMAND_EFFECTS).map((effect) => effect.pending));

export const isUnderWay = (row: { action_state?: string | null } | undefined): boolean => row?.action_state != null && UNDER_WAY.has(row.action_state);

/**
 * The one rule for reading data again by timer: never while the stream is live (its events bring every
 * change), and while it is not, only as long as something is under way, every `everyMs`.
 */
export function fallbackPoll(live: boolean, underWay: boolean, everyMs: number = LIVE_LIMITS.fallbackPollMs): number | false {
  return !live && underWay ? everyMs : false;
}

/** refetchInterval of a list whose rows carry an action state. */
export const pollRowsUnderWay = (live: boolean, page: Paginated<{ action_state?: string | null }> | undefined): number | false =>
  fallbackPoll(live, page?.results.some(isUnderWay) ?? false);

/** Whether the console's stream is live now (a hook: a query built with it re-reads its interval when it changes). */
export const useStreamLive = (): boolean => useLiveStatus() === 'live';
