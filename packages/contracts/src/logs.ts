/** Log types (platform.md 3) and the events that write them. */
export const LOG_TYPES = ['system', 'general', 'error', 'user', 'restrictions', 'divergence'] as const;
export type LogType = (typeof LOG_TYPES)[number];
