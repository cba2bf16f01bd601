/**
 * Work the worker carries out: notifications and their Telegram deliveries, export tasks; and the migrations run so far.
 */
import { EXPORT_KINDS, EXPORT_LANES, EXPORT_STATUSES } from '@console/contracts';
import { bigint, integer, jsonb, smallint, text, timestamptz, uuid, varchar } from '../column';

export const DELIVERIES_TABLES = {
  notifications: {
    id: bigint().defaulted(),
    title: varchar(255),
    text_body: text(),
    created_at: timestamptz().defaulted(),
  },
  telegram_outbox: {
    id: bigint().defaulted(),
    notification_id: bigint().null(),
    bot: varchar(16),
    text: text(),
    status: varchar(16).defaulted(),
    attempts: integer().defaulted(),
    last_error: text().null(),
    created_at: timestamptz().defaulted(),
    sent_at: timestamptz().null(),
    send_key: text().null(),
    send_started_at: timestamptz().null(),
  },
  export_tasks: {
    id: uuid().defaulted(),
    kind: varchar(24).of(EXPORT_KINDS),
    filters: jsonb<Record<string, unknown>>().defaulted(),
    status: varchar(16).of(EXPORT_STATUSES).defaulted(),
    file_path: text().null(),
    filename: varchar(255).null(),
    row_count: integer().null(),
    requested_by: integer().null(),
    error: text().null(),
    created_at: timestamptz().defaulted(),
    started_at: timestamptz().null(),
    finished_at: timestamptz().null(),
    progress: smallint().defaulted(),
    list_perm: jsonb<Record<string, unknown>>().defaulted(),
    run_key: uuid().null(),
    heartbeat_at: timestamptz().null(),
    runs: integer().defaulted(),
    expires_at: timestamptz().null(),
    expired_at: timestamptz().null(),
    lane: varchar(8).of(EXPORT_LANES).defaulted(),
  },
  migrations: {
    id: integer().defaulted(),
    timestamp: bigint(),
    name: varchar(null),
  },
} as const;
