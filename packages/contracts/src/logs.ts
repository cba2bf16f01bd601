/** Log types (platform.md 3) and the events that write them. */
export const LOG_TYPES = ['system', 'general', 'error', 'user', 'restrictions', 'divergence'] as const;
export type LogType = (typeof LOG_TYPES)[number];

/** A log entry as `GET logs/` answers it (platform.md 3). A Limited group gets only its fields and the id. */
export interface LogEntry {
  id: string;
  created_at: string;
  type: LogType;
  event_type: string;
  signal_id: string | null;
  pair_id: number | null;
  pair_name: string | null;
  profile_id: number | null;
  profile_title: string | null;
  order_id: string | null;
  log_data: Record<string, unknown>;
}
