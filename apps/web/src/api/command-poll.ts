import type { Paginated } from '@console/contracts';

/** While a row shows a command under way, the list is asked again this often, until the engine reports. */
const COMMAND_POLL_MS = 2000;
const UNDER_WAY = new Set(['CANCELLING', 'CLOSING', 'CHANGING']);

/** refetchInterval of a list whose rows carry an action state (signals, orders). */
export const pollWhileUnderWay = (page: Paginated<{ action_state?: string }> | undefined) =>
  page?.results.some((row) => row.action_state !== undefined && UNDER_WAY.has(row.action_state)) ? COMMAND_POLL_MS : false;
