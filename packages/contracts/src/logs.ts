import { FORMATS } from './columns';
import type { ListQueryAccess } from './list-query';
import type { AnswerFields } from './perms';
import { defineResource } from './resource';

/** Log types and the events that write them. */
export const LOG_TYPES = ['system', 'general', 'error', 'user', 'restrictions', 'divergence'] as const;
export type LogType = (typeof LOG_TYPES)[number];

/** A log entry as `GET logs/` answers it. A Limited group gets only its fields and the id. */
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

/** A log entry as a group gets it: at Limited only the group's fields and the id. */
export type LogRow = Pick<LogEntry, 'id'> & Partial<LogEntry>;

/** `GET logs/for_count/`: the exact count for the same filters. */
export interface LogCount {
  count: number;
}

/**
 * The logs list's query (`logs/`, `logs/for_count/`): its filters and the field each reads. It takes no
 * ordering (newest first only). At Limited a filter needs its field among the group's fields.
 */
export const LOG_LIST_QUERY = {
  filters: { signal_id: 'signal_id', type: 'type', pair: 'pair_id', profile: 'profile_id' },
  orderings: {},
} as const satisfies ListQueryAccess;

/**
 * 'Logs dashboard': the entry's id, time, type and event, pair, profile, signal, order and data. The screen
 * links the signal and writes the data on one line.
 */
export const LOG_RESOURCE = defineResource<LogRow>()({
  name: 'logs',
  section: 'logs',
  query: LOG_LIST_QUERY,
  columns: [
    // Text: a bigint id may pass JSON's safe integers.
    { field: 'id', header: 'ID', format: FORMATS.text, limited: true },
    { field: 'created_at', header: 'Date & time', format: FORMATS.dateTime, limited: true },
    { field: 'event_type', header: 'Event', format: FORMATS.text, limited: true },
    { field: 'pair_name', header: 'Pair', format: FORMATS.text, limited: true },
    { field: 'profile_title', header: 'Profile', format: FORMATS.text, limited: true },
    { field: 'signal_id', header: 'Signal', format: FORMATS.text, limited: true },
    { field: 'order_id', header: 'Order', format: FORMATS.text, limited: true },
    { field: 'log_data', header: 'Message', format: FORMATS.text, limited: true },
  ],
});

/** `logs/for_filters/?field=pair|profile&search=&id=`: each lookup lists the options of one filter's field. */
export const LOG_FILTER_OPTIONS_QUERY = {
  options: { param: 'field', fields: { pair: 'pair_id', profile: 'profile_id' }, narrowing: ['search', 'id'] },
} as const satisfies ListQueryAccess;

/** The fields an option of each lookup shows: its `name` is the pair's or profile's name column. */
export const LOG_FILTER_OPTION_FIELDS = {
  pair: { name: 'pair_name' },
  profile: { name: 'profile_title' },
} as const satisfies Record<keyof typeof LOG_FILTER_OPTIONS_QUERY.options.fields, AnswerFields>;

/** The filters whose options `for_filters/` lists. */
export const LOG_FILTER_FIELDS = ['pair', 'profile'] as const satisfies readonly (keyof typeof LOG_FILTER_OPTIONS_QUERY.options.fields)[];
export type LogFilterField = (typeof LOG_FILTER_FIELDS)[number];

/** An option of that lookup: its name only where the group sees the pair's or profile's name. */
export interface LogFilterOption {
  id: number;
  name?: string;
}

/**
 * The event types an engine writes into the logs besides its signals' own events (signal_started,
 * order_filled…): filters and reports look for these names, so a team's own engine uses them too.
 */
export const ENGINE_LOG_EVENTS = {
  /** A signal was started or queued. */
  signalReceived: 'signal_received',
  /** An open signal another writer made (the generator, an earlier engine, a team's own engine) was taken over. */
  signalAdopted: 'signal_adopted',
  riskTriggerFired: 'risk_trigger_fired',
  riskTriggerReleased: 'risk_trigger_released',
  riskTriggerClosed: 'risk_trigger_closed',
  riskTriggerReduced: 'risk_trigger_reduced',
  /** Exchange venue: an order the exchange already had under its client id (after a crash or a network error) was adopted. */
  exchangeOrderAdopted: 'exchange_order_adopted',
  /** Exchange venue: the exchange (or the venue's check of the market's limits) refused an order or a cancel; its message in log_data. */
  exchangeRefused: 'exchange_refused',
  /** Exchange venue: a network error paused the account's new orders. */
  exchangePaused: 'exchange_paused',
  /** Exchange venue: the exchange's open orders differ from the console's open order rows (type `divergence`). */
  exchangeDivergence: 'exchange_divergence',
  /** Exchange venue: the exchange answers again; the paused orders were resolved by client id and sent. */
  exchangeResumed: 'exchange_resumed',
  /** Exchange venue: a market order booked at the paper estimate was booked again at the exchange's trades (price and fee). */
  exchangeFillBooked: 'exchange_fill_booked',
  /** Exchange venue: the exchange's positions differ from the console's open position rows (type `divergence`). */
  exchangePositionDivergence: 'exchange_position_divergence',
  /** Exchange venue: the exchange did not answer a read of positions and balance, open orders or trades (type `error`, its message and the read; once per read and message). */
  exchangeReadFailed: 'exchange_read_failed',
} as const;

/** The title of the notification (and Telegram message) a risk trigger's alert sends. */
export const RISK_ALERT_TITLE = 'Risk trigger fired';
