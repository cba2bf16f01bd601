/**
 * What a team's own engine and the console agree on beyond the tables (docs/engine-protocol.md):
 * who runs the engine, and each command kind's payload.
 */
import { ALERT_ENGINE_MESSAGES } from './alerts';
import { ENGINE_MESSAGES } from './engine';
import { POSITION_MESSAGES } from './positions';
import { SIGNAL_MESSAGES } from './signals';
import type { EngineCommandKind } from './trading';

/**
 * `ENGINE`: `bundled` (the default) runs apps/engine beside the API and the worker; `external` runs
 * none, for a team's own engine that follows the protocol page. Either way the API queues no job for a
 * command and health reports the engine from its heartbeat.
 */
export const ENGINE_MODE_VARIABLE = 'ENGINE';
export const ENGINE_MODES = ['bundled', 'external'] as const;
export type EngineMode = (typeof ENGINE_MODES)[number];
export const ENGINE_MODE_DEFAULT: EngineMode = 'bundled';

/**
 * A payload value's kind on the wire. Numbers are decimal text (`"25"`, `"0.125"`), never JSON numbers,
 * so no digit is lost to a float; a row id is its digits as text, as ids are everywhere on the wire.
 */
export const PAYLOAD_VALUE_KINDS = {
  decimal: 'decimal text',
  id: 'id as text',
  side: '`long` or `short`',
  flag: 'boolean',
  text: 'text',
} as const;
export type PayloadValueKind = keyof typeof PAYLOAD_VALUE_KINDS;

interface PayloadValueTypes {
  decimal: string;
  id: string;
  side: 'long' | 'short';
  flag: boolean;
  text: string;
}

/** A payload field: its kind and whether every command of the kind carries it. */
export interface PayloadField {
  kind: PayloadValueKind;
  required: boolean;
}

const required = (kind: PayloadValueKind) => ({ kind, required: true }) as const;
const optional = (kind: PayloadValueKind) => ({ kind, required: false }) as const;

/** Each kind's payload fields; a kind without fields has the payload `{}`. */
export const ENGINE_COMMAND_PAYLOADS = {
  cancel_signal: {},
  cancel_order: {},
  close_market: {},
  close_limit: { coefficient: required('decimal') },
  close_best_limit: {},
  close_lost_position: { pair: required('id'), side: required('side'), quantity: required('decimal') },
  reduce_position: { percent: required('decimal') },
  // At least one of the two.
  set_skip_check: { skip_check_by_timer: optional('flag'), skip_check_by_distance: optional('flag') },
  recover_k_exit: {},
  start_profile: {},
  stop_profile: {},
  start_mm_profile: {},
  stop_mm_profile: {},
  start_ticker_config: {},
  stop_ticker_config: {},
  enable_bot: {},
  disable_bot: {},
  set_broker_program: {},
  // An alert's own id (the sender's), and the price it named when it named one.
  alert_open: { pair_id: required('id'), alert_id: required('text'), price: optional('decimal') },
  alert_close: { pair_id: required('id'), alert_id: required('text'), price: optional('decimal') },
  alert_close_all: { alert_id: required('text'), price: optional('decimal') },
} as const satisfies Record<EngineCommandKind, Record<string, PayloadField>>;

type FieldsOf<K extends EngineCommandKind> = (typeof ENGINE_COMMAND_PAYLOADS)[K];
type RequiredKeys<F> = { [N in keyof F]: F[N] extends { required: true } ? N : never }[keyof F];
type OptionalKeys<F> = Exclude<keyof F, RequiredKeys<F>>;
type ValueOf<Field> = Field extends { kind: infer V extends PayloadValueKind } ? PayloadValueTypes[V] : never;

/** The payload the API writes for a command of kind K, typed from ENGINE_COMMAND_PAYLOADS. */
export type EngineCommandPayload<K extends EngineCommandKind> = { [N in RequiredKeys<FieldsOf<K>>]: ValueOf<FieldsOf<K>[N]> } & {
  [N in OptionalKeys<FieldsOf<K>>]?: ValueOf<FieldsOf<K>[N]>;
};

const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/** Whether a payload is what the page says a kind's payload is: its fields only, each of its kind. */
export function payloadMatches(kind: EngineCommandKind, payload: Record<string, unknown>): boolean {
  const fields: Record<string, PayloadField> = ENGINE_COMMAND_PAYLOADS[kind];
  const valueFits: Record<PayloadValueKind, (v: unknown) => boolean> = {
    decimal: (v) => typeof v === 'string' && DECIMAL_TEXT.test(v),
    id: (v) => typeof v === 'string' && /^\d+$/.test(v),
    side: (v) => v === 'long' || v === 'short',
    flag: (v) => typeof v === 'boolean',
    text: (v) => typeof v === 'string',
  };
  const known = Object.entries(payload).every(([name, value]) => Object.hasOwn(fields, name) && valueFits[fields[name].kind](value));
  const whole = Object.entries(fields).every(([name, field]) => !field.required || Object.hasOwn(payload, name));
  return known && whole;
}

/**
 * An account's money put in (its `deposit_at`), from the one record of money in and out: the first
 * deposit_transactions row's deposit_before plus every deposit's amount minus every withdrawal's. A
 * re-invest moves no money (it records profit put back into the MM quotas), so it is left out. NULL
 * for an account without transactions. `account` is the SQL of the account's id.
 */
export const moneyPutInSql = (account: string) =>
  `(SELECT (array_agg(d.deposit_before ORDER BY d.id))[1]
           + sum(CASE d.type WHEN 'deposit' THEN d.amount WHEN 'withdrawal' THEN -d.amount ELSE 0 END)
      FROM deposit_transactions d WHERE d.exchange_account_id = ${account})`;

/**
 * The texts a failed command's `error` holds when the bundled engine refuses it; the console shows them
 * as they are, so a team's engine that fails a command for the same reason uses the same words.
 */
export const ENGINE_FAILURE_TEXTS = {
  orderNotOpen: ENGINE_MESSAGES.orderNotOpen,
  closeOvertaken: ENGINE_MESSAGES.closeOvertaken,
  targetUnknown: ENGINE_MESSAGES.targetUnknown,
  settingsInvalid: ENGINE_MESSAGES.settingsInvalid,
  pairNotOnMarket: ENGINE_MESSAGES.pairNotOnMarket,
  positionClosed: POSITION_MESSAGES.positionClosed,
  quantityRange: POSITION_MESSAGES.quantityRange,
  reducePercentRange: POSITION_MESSAGES.reducePercentRange,
  skipCheckRequired: POSITION_MESSAGES.skipCheckRequired,
  noOpenPosition: SIGNAL_MESSAGES.noOpenPosition,
  notCancellable: SIGNAL_MESSAGES.notCancellable,
  coefficientInvalid: SIGNAL_MESSAGES.coefficientInvalid,
  coefficientMin: SIGNAL_MESSAGES.coefficientMin,
  coefficientMax: SIGNAL_MESSAGES.coefficientMax,
  closeSuperseded: ENGINE_MESSAGES.closeSuperseded,
  closeCancelled: ENGINE_MESSAGES.closeCancelled,
  alertRiskBlocked: ALERT_ENGINE_MESSAGES.riskBlocked,
  alertPairBlocked: ALERT_ENGINE_MESSAGES.pairBlocked,
  alertSignalOpen: ALERT_ENGINE_MESSAGES.signalOpen,
  alertMmNotActive: ALERT_ENGINE_MESSAGES.mmNotActive,
  alertNoMarket: ALERT_ENGINE_MESSAGES.noMarket,
  alertNothingOpen: ALERT_ENGINE_MESSAGES.nothingOpen,
  alertPairNotListed: ALERT_ENGINE_MESSAGES.pairNotListed,
} as const;
