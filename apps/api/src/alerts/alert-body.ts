/**
 * An alert's body as TradingView (or a script) sends it, read field by field: the fields we know are
 * checked, any other is ignored (a message template may carry its own). Pure, so the webhook checks
 * the secret and the limits before the rest, and a test reads every rule here.
 */
import { ALERT_ACTIONS, ALERT_LIMITS, ALERT_MESSAGES as M, type AlertAction } from '@console/contracts';
import type { FieldErrors } from '../common/errors/api-errors';

export interface AlertBody {
  action: AlertAction;
  /** The ticker as the profile's list names it; null for close_all without one. */
  pair: string | null;
  /** Epoch milliseconds; null when the alert carries none. */
  timestamp: number | null;
  price: string | null;
  alert_id: string | null;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The secret of a body, or null when it has none a secret could be. */
export function secretOf(body: unknown): string | null {
  if (!isObject(body) || typeof body.secret !== 'string') return null;
  const secret = body.secret.trim();
  return secret && secret.length <= ALERT_LIMITS.secretMax ? secret : null;
}

/**
 * TradingView's {{ticker}} may carry the exchange (`BINANCE:BTCUSDT`) and a perpetual's `.P`; the
 * profile's list names the pair alone.
 */
export function pairOf(raw: string): string {
  const symbol = raw.trim().split(':').pop() ?? '';
  return symbol.replace(/\.P$/i, '').toUpperCase();
}

/** Epoch seconds or milliseconds (a number, or digits as text), or an ISO 8601 date and time. */
export function timestampOf(value: unknown): number | null {
  if (typeof value === 'number' || (typeof value === 'string' && /^\d{9,16}(\.\d+)?$/.test(value.trim()))) {
    const n = Number(value);
    if (!Number.isFinite(n) || n <= 0) return null;
    // Below 10^11 it is seconds (until the year 5138); above, milliseconds.
    return n < 1e11 ? Math.round(n * 1000) : Math.round(n);
  }
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T/.test(value.trim())) return null;
  const ms = Date.parse(value.trim());
  return Number.isFinite(ms) ? ms : null;
}

/** The alert's fields, or the errors per field. */
export function readAlertBody(body: unknown): { alert: AlertBody } | { errors: FieldErrors } {
  if (!isObject(body)) return { errors: { non_field_errors: [M.bodyNotObject] } };
  const errors: FieldErrors = {};
  const action = ALERT_ACTIONS.find((a) => a === (typeof body.action === 'string' ? body.action.trim().toLowerCase() : body.action));
  if (!action) errors.action = [M.actionInvalid];

  let pair: string | null = null;
  if (typeof body.pair === 'string' && body.pair.trim()) {
    pair = pairOf(body.pair);
    if (!pair) errors.pair = [M.pairBlank];
    else if (pair.length > ALERT_LIMITS.pairMax) errors.pair = [M.pairTooLong];
  } else if (body.pair !== undefined && body.pair !== null && body.pair !== '') errors.pair = [M.pairBlank];
  else if (action !== 'close_all') errors.pair = [M.pairBlank];

  let timestamp: number | null = null;
  if (body.timestamp !== undefined && body.timestamp !== null && body.timestamp !== '') {
    timestamp = timestampOf(body.timestamp);
    if (timestamp === null) errors.timestamp = [M.timestampInvalid];
  }

  let price: string | null = null;
  if (body.price !== undefined && body.price !== null && body.price !== '') {
    const n = typeof body.price === 'number' || typeof body.price === 'string' ? Number(body.price) : NaN;
    if (!Number.isFinite(n) || n <= 0) errors.price = [M.priceInvalid];
    else price = String(body.price).trim();
  }

  let alert_id: string | null = null;
  if (body.alert_id !== undefined && body.alert_id !== null && body.alert_id !== '') {
    const id = typeof body.alert_id === 'number' && Number.isFinite(body.alert_id) ? String(body.alert_id) : typeof body.alert_id === 'string' ? body.alert_id.trim() : '';
    if (!id || id.length > ALERT_LIMITS.alertIdMax) errors.alert_id = [M.alertIdInvalid];
    else alert_id = id;
  }

  if (Object.keys(errors).length || !action) return { errors };
  return { alert: { action, pair, timestamp, price, alert_id } };
}

/** Why an alert stamped `timestamp` is refused at `now`, or null when it is fresh enough. */
export function lagRefusal(timestamp: number | null, now: number, maxLagSeconds: number): string | null {
  if (timestamp === null) return null;
  if (timestamp - now > ALERT_LIMITS.maxAheadSeconds * 1000) return M.timestampAhead;
  const lag = Math.floor((now - timestamp) / 1000);
  return lag > maxLagSeconds ? M.timestampTooOld(lag, maxLagSeconds) : null;
}
