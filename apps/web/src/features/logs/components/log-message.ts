import { formatMoney } from '@console/contracts';

type Data = Record<string, unknown>;

/** A figure written at its column's precision: money and percents with 2 decimals, counts whole. */
const decimals = (value: unknown, places: number): string | null => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n.toFixed(places) : null;
};
const money = (value: unknown): string => {
  const n = decimals(value, 2);
  return n === null ? '?' : formatMoney(Number(n), 2);
};
const percent = (value: unknown): string => {
  const n = decimals(value, 2);
  return n === null ? '?' : `${n}%`;
};
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null);
/** `canceled_by_mmsp`, `CANCELED_BY_TIMER` → "canceled by mmsp", "canceled by timer". */
const words = (value: string): string => value.replace(/_/g, ' ').toLowerCase();
/** The part of an engine message in parentheses: the order's or signal's detail. */
const detailOf = (d: Data): string | null => {
  const message = text(d.message);
  const match = message ? /\(([^)]+)\)\s*$/.exec(message) : null;
  return match ? words(match[1]) : null;
};
/** The trigger's name, quoted in the engine's message. */
const triggerName = (d: Data): string => {
  const match = /'([^']+)'/.exec(text(d.message) ?? '');
  return match ? `'${match[1]}'` : `#${text(d.trigger_id) ?? '?'}`;
};
const withDetail = (sentence: string, d: Data) => {
  const detail = detailOf(d);
  return detail ? `${sentence}: ${detail}.` : `${sentence}.`;
};
const count = (value: unknown, one: string, many: string) => {
  const n = decimals(value, 0);
  return n === null ? many : `${n} ${n === '1' ? one : many}`;
};

/**
 * The Message column's sentence per event type: one map, so each event reads the same wherever it
 * appears. An event not here reads as its name in words, with the message it carries if any.
 */
export const LOG_SENTENCES: Readonly<Record<string, (d: Data) => string>> = {
  signal_received: (d) => (text(d.message)?.includes('queued') ? 'Signal received and queued.' : 'Signal received and started.'),
  signal_adopted: () => 'Signal adopted: made by another writer, traded by the engine from now on.',
  signal_finished: () => 'Signal finished.',
  signal_cancelled: (d) => withDetail('Signal cancelled', d),
  signal_missed: () => 'Signal missed: its entry was not reached in time.',
  order_placed: () => 'Order placed on the exchange.',
  order_filled: (d) => withDetail('Order filled', d),
  order_cancelled: (d) => withDetail('Order cancelled', d),
  risk_trigger_fired: (d) => `Risk trigger ${triggerName(d)} fired (measured ${decimals(d.measure, 2) ?? '?'}).`,
  risk_trigger_released: (d) => `Risk trigger ${triggerName(d)} released (measured ${decimals(d.measure, 2) ?? '?'}).`,
  risk_trigger_reduced: (d) => {
    const reduced = /reduced (\d+)/.exec(text(d.message) ?? '');
    return `Risk trigger ${triggerName(d)} reduced ${count(reduced?.[1], 'position', 'positions')} (measured ${decimals(d.measure, 2) ?? '?'}).`;
  },
  risk_trigger_closed: (d) => {
    const closed = /closed (\d+)/.exec(text(d.message) ?? '');
    return `Risk trigger ${triggerName(d)} closed ${count(closed?.[1], 'position', 'positions')} (measured ${decimals(d.measure, 2) ?? '?'}).`;
  },
  login_success: (d) => `Signed in${text(d.ip) ? ` from ${text(d.ip)}` : ''}.`,
  login_password_ok: (d) => `Password accepted for ${text(d.email) ?? 'a user'}; the second factor is next.`,
  login_failed: (d) => `Sign-in failed for ${text(d.email) ?? 'an unknown user'}${text(d.reason) ? `: ${words(text(d.reason)!)}` : ''}.`,
  '2fa_failed': (d) => `Second factor refused${text(d.reason) ? `: ${words(text(d.reason)!)}` : ''}.`,
  logout: () => 'Signed out.',
  password_changed: () => 'Password changed.',
  session_ended: () => 'A session was ended.',
  other_sessions_ended: (d) => `Ended ${count(d.ended, 'other session', 'other sessions')}.`,
  user_sessions_ended: (d) => `Ended ${count(d.ended, 'session', 'sessions')} of user #${text(d.target_user_id) ?? '?'}.`,
  user_session_ended: (d) => `Ended a session of user #${text(d.target_user_id) ?? '?'}.`,
  refresh_token_reuse: () => 'A refresh token was used twice: its session was ended.',
  api_token_created: (d) => `API token ${text(d.name) ?? '?'} (${text(d.prefix) ?? '?'}…) created.`,
  api_token_revoked: (d) => `API token ${text(d.name) ?? '?'} (${text(d.prefix) ?? '?'}…) revoked.`,
  mm_deposit_changed: (d) => `Deposit ${text(d.operation_type) ? words(text(d.operation_type)!) : 'changed'}: ${money(d.size)}.`,
  mm_deposit_reinvested: (d) => `Deposits reinvested ${percent(d.percent)}: assets ${money(d.asset_sum)} (the day before ${money(d.asset_sum_day_before)}).`,
  pairs_synced: (d) => `Pairs synced: ${count(d.listed, 'pair', 'pairs')} listed.`,
  candle_import_started: (d) => `Candle import of ${count(Array.isArray(d.files) ? d.files.length : 0, 'file', 'files')} for ${text(d.exchange) ?? '?'} ${text(d.symbol) ?? '?'} started.`,
};

/** `strategy_profile_created` → "Strategy profile created". */
export const eventInWords = (eventType: string): string => {
  const spaced = words(eventType).trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

/** The readable sentence of a log entry: its event's formatter, else its name in words and its message. */
export function logSentence(eventType: string | undefined, data: Data | undefined): string {
  const d = data ?? {};
  return `${eventSentence(eventType, d)}${viaApiToken(d)}`;
}

function eventSentence(eventType: string | undefined, d: Data): string {
  const format = eventType ? LOG_SENTENCES[eventType] : undefined;
  if (format) return format(d);
  const message = text(d.message) ?? text(d.error) ?? text(d.reason);
  const named = eventType ? eventInWords(eventType) : 'Event';
  return message ? `${named}: ${message}` : `${named}.`;
}

/** A write made with a personal API token names it (the API adds `credential` to the row's data). */
function viaApiToken(d: Data): string {
  const credential = d.credential as Data | undefined;
  return credential && typeof credential === 'object' && credential.kind === 'api_token' ? ` With API token ${text(credential.name) ?? '?'}.` : '';
}

/** The entry's data as stored, for the reader who asks for it. */
export const rawData = (data: Data): string => JSON.stringify(data, null, 2);
