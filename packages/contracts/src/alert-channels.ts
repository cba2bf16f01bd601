/**
 * Where each user's notifications go besides the console's feed: per kind of notification, a set of
 * channels. The kinds, the channels, their limits and messages, and the webhook signature are declared
 * here once; the API, the worker and the SPA import them.
 */
import { canRead } from './perms';
import type { PermHolder } from './perms';
import type { SectionName } from './sections';

/**
 * The kinds of notification a user can route. `section`: the section a user must be able to read to get
 * that kind outside the console (the feed shows everything to whoever reads notifications); `null` when
 * the notification concerns one user only (their export, their sign-in) and goes to that user alone.
 */
export const NOTIFICATION_KINDS = {
  risk_trigger_fired: { label: 'Risk trigger fired', section: 'risk_control' },
  engine_alert: { label: 'Engine alert', section: 'bot_status' },
  new_device_sign_in: { label: 'Sign-in from a new device', section: null },
  export_ready: { label: 'Export ready', section: null },
  backtest_finished: { label: 'Backtest finished', section: 'backtests' },
  daily_report: { label: 'Daily report', section: 'account_stats' },
  account_mode_changed: { label: 'Exchange account switched to or from live', section: 'exchange_account' },
} as const satisfies Record<string, { label: string; section: SectionName | null }>;
export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export const NOTIFICATION_KIND_NAMES = Object.keys(NOTIFICATION_KINDS) as NotificationKind[];

/**
 * Whether a user may get this kind outside the console: a kind about the whole desk needs what the feed
 * needs (notifications) and its own section; a kind about the user alone needs nothing more. The API
 * checks it when choices are saved, when a notification fans out and again before each send.
 */
export function mayReceive(holder: PermHolder | null | undefined, kind: NotificationKind): boolean {
  const section = NOTIFICATION_KINDS[kind].section;
  return section === null || (canRead(holder, 'notifications') && canRead(holder, section));
}

export function receivableKinds(holder: PermHolder | null | undefined): NotificationKind[] {
  return NOTIFICATION_KIND_NAMES.filter((kind) => mayReceive(holder, kind));
}

/** Channels a user may pick; the console's feed always gets every notification and is not a choice. */
export const ALERT_CHANNELS = ['telegram', 'email', 'discord', 'webhook'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];
export const ALERT_CHANNEL_LABELS: Record<AlertChannel | 'console', string> = {
  console: 'In the console',
  telegram: 'Telegram',
  email: 'Email',
  discord: 'Discord',
  webhook: 'Webhook',
};
/**
 * Channels the deliveries outbox sends. Telegram goes to the user's own linked chat (telegram-chat.ts);
 * while no chat is linked their Telegram choice is kept and nothing is sent.
 */
export const DELIVERY_CHANNELS = ['telegram', 'email', 'discord', 'webhook'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
export const DELIVERY_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const ALERT_CHANNEL_LIMITS = {
  urlMax: 2048,
  emailMax: 254,
  /** Deliveries a channel's log shows, newest first. */
  logSize: 20,
  /** Attempts of a delivery: the first and four retries with exponential backoff. */
  sendAttempts: 5,
  /** Discord refuses longer message content. */
  discordTextMax: 2000,
  /** A receiver should refuse a signature whose timestamp is further than this from its clock. */
  signatureToleranceSeconds: 300,
} as const;

/**
 * Generic webhooks: JSON bodies signed with the user's secret. The signature is
 * `sha256=` + hex HMAC-SHA256 of `<timestamp>.<body>`, the timestamp in Unix seconds in its own header,
 * so a receiver can refuse replays of an old body.
 */
export const WEBHOOK_SIGNATURE = {
  signatureHeader: 'X-Console-Signature',
  timestampHeader: 'X-Console-Timestamp',
  deliveryHeader: 'X-Console-Delivery',
  prefix: 'sha256=',
} as const;

/** The body a generic webhook receives. */
export interface WebhookPayload {
  /** The delivery's id: the same on every retry, for receivers that deduplicate. */
  delivery_id: string;
  kind: NotificationKind;
  title: string;
  text: string;
  created_at: string;
}

/** `GET/PUT users/alert-channels/`: the signed-in user's own choices and destinations. */
export interface AlertChannelSettings {
  /** Blank: no email. */
  email: string;
  /** A Discord channel webhook; answered masked (it holds the webhook's token), kept when sent back masked. */
  discord_webhook_url: string;
  webhook_url: string;
  /** The key of the webhook signature; made by the server when a webhook URL is first set. */
  webhook_secret: string;
  /** Per kind, the channels that get it (the console always does). Kinds the user's group cannot read are absent. */
  choices: Partial<Record<NotificationKind, AlertChannel[]>>;
  /** The kinds this user may route, with what their group lets them read. */
  kinds: NotificationKind[];
  /** Whether the console can send email at all (SMTP set in System settings). */
  email_available: boolean;
}

export type AlertChannelSettingsInput = Partial<Pick<AlertChannelSettings, 'email' | 'discord_webhook_url' | 'webhook_url' | 'choices'>>;

/** One delivery in a channel's log. */
export interface AlertDelivery {
  id: string;
  kind: NotificationKind;
  title: string;
  status: DeliveryStatus;
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** One channel's log: its newest deliveries, and its last error however old. */
export interface ChannelDeliveryLog {
  channel: DeliveryChannel;
  last_error: string | null;
  last_error_at: string | null;
  deliveries: AlertDelivery[];
}

/** `GET users/alert-channels/deliveries/`: per channel, its latest deliveries and its last error. */
export interface AlertDeliveryLog {
  channels: ChannelDeliveryLog[];
}

/** `GET/PUT notifications/smtp-settings/`: how the console sends email. The password is answered masked. */
export interface SmtpSettings {
  host: string;
  port: number;
  /** TLS from the start (port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  username: string;
  password: string;
  from_address: string;
}

export const ALERT_CHANNEL_MESSAGES = {
  urlInvalid: 'Enter a valid http or https URL.',
  urlTooLong: `The URL could be maximum ${ALERT_CHANNEL_LIMITS.urlMax} symbols`,
  discordUrlInvalid: 'Enter the webhook URL of a Discord channel (https://discord.com/api/webhooks/…).',
  emailInvalid: 'Enter a valid email address.',
  kindUnknown: 'Unknown kind of notification.',
  channelUnknown: 'Unknown channel.',
  kindNotAllowed: (label: string) => `Your group does not let you receive “${label}” notifications.`,
  channelNotSet: (channel: string) => `Set the ${channel} destination first.`,
  emailUnavailable: 'Email is not set up in System settings yet.',
  hostRequired: 'Enter the SMTP host.',
  portInvalid: 'Enter a port from 1 to 65535.',
  fromInvalid: 'Enter the address mail is sent from.',
} as const;

export const DELIVERY_ERRORS = {
  destinationRemoved: (channel: string) => `The ${channel} destination was removed before the send`,
  emailNotConfigured: 'Email is not set up in System settings',
  notAllowedAnymore: 'The user’s group no longer lets them receive this kind',
  privateTarget: (who: string) => `${who} URL points at a private or local address, which this console does not post to`,
} as const;

/** The Email block of System settings. */
export const SMTP_UI = {
  title: 'Email (SMTP)',
  host: 'SMTP host',
  port: 'Port',
  secure: 'TLS from the start (port 465)',
  username: 'Username',
  password: 'Password',
  fromAddress: 'From address',
  save: 'Save',
  saved: 'Email settings saved',
} as const;

/** The Alert channels block of Account details. */
export const ALERT_CHANNEL_UI = {
  title: 'Alert channels',
  intro: 'Choose where each kind of notification reaches you. The console’s feed always gets every one.',
  email: 'Email for alerts',
  emailUnavailable: 'Email is not set up in System settings yet.',
  discordUrl: 'Discord webhook URL',
  webhookUrl: 'Webhook URL',
  webhookSecret: 'Webhook signing secret',
  webhookSecretHint: `Each webhook body is signed: ${WEBHOOK_SIGNATURE.signatureHeader} is ${WEBHOOK_SIGNATURE.prefix} and the hex HMAC-SHA256 of “<${WEBHOOK_SIGNATURE.timestampHeader}>.<body>” with this secret.`,
  kind: 'Notification',
  channelFor: (kind: string, channel: string) => `${channel} for ${kind}`,
  save: 'Save channels',
  saved: 'Alert channels saved',
  /** Under the table, while no chat is linked to the user (under the bot set now). */
  telegramHint: 'Telegram reaches you once your chat is linked to your account.',
  /** Under the table, once a chat is linked. */
  telegramLinkedHint: 'Telegram reaches you in the chat linked to your account.',
  logTitle: 'Delivery log',
  lastError: (error: string) => `Last error: ${error}`,
  noDeliveries: 'Nothing delivered yet',
  statusNames: { pending: 'Pending', sent: 'Sent', failed: 'Failed', skipped: 'Skipped' } as Record<DeliveryStatus, string>,
} as const;
