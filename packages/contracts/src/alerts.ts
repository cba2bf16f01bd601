/**
 * Alert webhooks: a strategy profile takes open/close orders from alerts (a TradingView message
 * template, or any script) posted to `alerts/{profile_key}/` with the profile's secret. The routes,
 * limits, texts and answer shapes live here once; the API, the engine, the SPA and the tests read them.
 */
import { API_PREFIX } from './api';
import type { EngineCommandKind } from './trading';

export const ALERT_ACTIONS = ['open', 'close', 'close_all'] as const;
export type AlertAction = (typeof ALERT_ACTIONS)[number];

/** The engine command each action becomes, on the alert's strategy profile. */
export const ALERT_COMMANDS = { open: 'alert_open', close: 'alert_close', close_all: 'alert_close_all' } as const satisfies Record<AlertAction, EngineCommandKind>;
export type AlertCommandKind = (typeof ALERT_COMMANDS)[AlertAction];
export const isAlertCommand = (kind: EngineCommandKind): kind is AlertCommandKind => (Object.values(ALERT_COMMANDS) as EngineCommandKind[]).includes(kind);

export const ALERT_LIMITS = {
  /** Random bytes of the public profile key (base64url, 22 characters). */
  profileKeyBytes: 16,
  /** Random bytes of the secret (base64url, 43 characters). */
  secretBytes: 32,
  secretMax: 128,
  pairMax: 64,
  alertIdMax: 128,
  /** An alert whose timestamp is older than this (seconds) is refused, unless the profile sets its own. */
  maxLagDefaultSeconds: 300,
  maxLagMinSeconds: 10,
  maxLagMaxSeconds: 3600,
  /** A timestamp this far ahead of the server's clock is refused too (seconds): a clock gone wrong. */
  maxAheadSeconds: 60,
  /** An alert_id answers as its first alert for this long. */
  idempotencyHours: 24,
  /** Alerts one profile may send per window (any answer but a wrong secret counts); beyond, 429. */
  requests: { max: 30, windowSeconds: 60 },
  /** Wrong secrets one profile may see per window; beyond, every alert is refused until it ends (or the secret is rotated). */
  wrongSecrets: { max: 5, windowSeconds: 15 * 60 },
} as const;

export const ALERT_MESSAGES = {
  wrongSecret: 'Wrong profile key or secret.',
  lockedOut: 'Too many wrong secrets for this profile. Alerts are refused for a while; rotating the secret lifts it.',
  tooManyAlerts: `At most ${ALERT_LIMITS.requests.max} alerts a minute per profile. Please wait and try again.`,
  bodyNotObject: 'The alert must be a JSON object.',
  secretBlank: 'secret is required.',
  actionInvalid: `action must be one of ${ALERT_ACTIONS.join(', ')}.`,
  pairBlank: 'pair is required for open and close.',
  pairTooLong: `pair could be maximum ${ALERT_LIMITS.pairMax} symbols.`,
  alertIdInvalid: `alert_id must be text of at most ${ALERT_LIMITS.alertIdMax} symbols.`,
  priceInvalid: 'price must be a positive number.',
  timestampInvalid: 'timestamp must be an ISO 8601 date and time or epoch seconds or milliseconds.',
  timestampTooOld: (lagSeconds: number, maxLag: number) => `The alert is ${lagSeconds} s old; this profile takes alerts at most ${maxLag} s old.`,
  timestampAhead: `The alert's timestamp is more than ${ALERT_LIMITS.maxAheadSeconds} s in the future.`,
  maxLagRange: `max_lag_seconds must be a whole number from ${ALERT_LIMITS.maxLagMinSeconds} to ${ALERT_LIMITS.maxLagMaxSeconds}.`,
  /** The refusals by the profile's state, answered and logged with the alert. */
  profileNotActive: 'The strategy profile is not running, so it takes no alerts.',
  pairNotListed: (pair: string) => `${pair} is not in the strategy profile's ticker list.`,
  botOff: 'The bot is off, so no alert is carried out.',
  draftNoAlerts: 'Finish the profile before turning its alerts on.',
} as const;

/** Why the engine did not carry out an accepted alert: the command's error. */
export const ALERT_ENGINE_MESSAGES = {
  botOff: ALERT_MESSAGES.botOff,
  profileNotActive: ALERT_MESSAGES.profileNotActive,
  pairNotListed: "The pair is not in the strategy profile's ticker list.",
  riskBlocked: "A risk trigger blocks the profile's new signals.",
  pairBlocked: "The pair's exchange tags or deviation limits block new signals.",
  signalOpen: 'The profile already has an open signal on this pair.',
  mmNotActive: "The profile's MM profile is not active.",
  noMarket: 'The pair has too little market history yet to size a signal.',
  nothingOpen: 'The profile has no open signal to close.',
} as const;

/** Where an alert is posted (under API_PREFIX), and where a profile's alerts are turned on and off. */
export const ALERT_PATHS = {
  webhook: (profileKey: string) => `/alerts/${profileKey}/`,
  settings: (profileId: number) => `/strategies/profiles/${profileId}/alerts/`,
} as const;

/** The URL to give TradingView: the API's public origin and the webhook's path. */
export const alertWebhookUrl = (origin: string, profileKey: string) => `${origin.replace(/\/+$/, '')}${API_PREFIX}${ALERT_PATHS.webhook(profileKey)}`;

/** `GET strategies/profiles/{id}/alerts/`: whether alerts are on, never the secret. */
export interface AlertSettings {
  enabled: boolean;
  profile_key: string | null;
  url: string | null;
  max_lag_seconds: number;
}

/** `POST strategies/profiles/{id}/alerts/`: alerts on, with a new secret answered this once. */
export interface AlertSecretAnswer {
  profile_key: string;
  secret: string;
  url: string;
  max_lag_seconds: number;
}

export interface EnableAlerts {
  max_lag_seconds?: number;
}

/** `POST alerts/{profile_key}/` answers an accepted alert so (and a repeated alert_id the same again). */
export interface AlertAccepted {
  status: 'accepted';
  alert_id: string | null;
  action: AlertAction;
  pair: string | null;
  /** The engine command the alert became; its outcome is at `engine/commands/{id}/`. */
  command_id: string;
}

/** The example a profile's Alerts block shows, and the docs give: TradingView fills in the {{…}} placeholders. */
export const alertMessageTemplate = (secret: string, action: AlertAction = 'open') =>
  `{"secret": "${secret}", "action": "${action}", "pair": "{{ticker}}", "price": {{close}}, "timestamp": "{{timenow}}", "alert_id": "{{strategy.order.id}}-{{timenow}}"}`;

export const ALERT_UI = {
  title: 'Alerts',
  help: 'Open and close this profile’s signals from TradingView alerts (or any script) posted to the URL below.',
  on: 'Alerts on',
  off: 'Alerts off',
  turnOn: 'Turn alerts on',
  turnOff: 'Turn alerts off',
  rotate: 'New secret',
  url: 'Webhook URL',
  secret: 'Secret',
  template: 'Message template',
  shownOnce: 'Copy the secret now: it is shown only once. A new secret replaces it at once.',
  secretHidden: 'The secret was shown when it was made. Make a new one if it is lost.',
  maxLag: (seconds: number) => `Alerts older than ${seconds} s are refused.`,
} as const;
