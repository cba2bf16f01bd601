/**
 * What the console itself writes for people to read outside a form: the notifications it announces
 * (feed and Telegram) and why a Telegram message was not delivered (outbox rows and error logs).
 * Our own words; the spec gives none.
 */

import { ENGINE_HEARTBEAT_STALE_SECONDS } from './api';

/** How many new tickers a pair-sync notice names before it says how many more. */
const NOTICE_TICKERS_NAMED = 20;

interface NoticeText {
  title: string;
  text_body: string;
}

export const NOTICES = {
  exchangeAccountAdded: (accountTitle: string, by: string): NoticeText => ({
    title: 'Exchange account added',
    text_body: `“${accountTitle}” was added by ${by}.`,
  }),
  exchangeAccountDeleted: (accountTitle: string, by: string): NoticeText => ({
    title: 'Exchange account deleted',
    text_body: `“${accountTitle}” was deleted by ${by}.`,
  }),
  exchangeAccountWentLive: (accountTitle: string, exchange: string, by: string): NoticeText => ({
    title: 'Exchange account switched to live',
    text_body: `“${accountTitle}” (${exchange}) now trades with real funds: switched by ${by}.`,
  }),
  exchangeAccountLeftLive: (accountTitle: string, mode: string, by: string): NoticeText => ({
    title: 'Exchange account left live',
    text_body: `“${accountTitle}” trades in ${mode} again: switched by ${by}.`,
  }),
  /** Operators hear of new tickers: they come in inactive, and someone decides whether the bot may trade them. */
  pairsAdded: (tickers: readonly string[]): NoticeText => {
    const named = tickers.slice(0, NOTICE_TICKERS_NAMED).join(', ');
    const more = tickers.length > NOTICE_TICKERS_NAMED ? ` and ${tickers.length - NOTICE_TICKERS_NAMED} more` : '';
    return {
      title: `New trading pairs: ${tickers.length}`,
      text_body: `The exchange sync added ${named}${more}. They stay inactive until turned on in System settings.`,
    };
  },
  /** An export's file is written; the feed is everyone's, so it names the list and not who asked. */
  exportReady: (kind: string, rows: number, filename: string | null): NoticeText => ({
    title: 'Export ready',
    text_body: `An export of ${kind.replace(/_/g, ' ')} (${rows} rows${filename ? `, ${filename}` : ''}) is ready to download.`,
  }),
  /** A backtest ended: done with its headline figures, or failed with its error. The feed names the profile and the run. */
  backtestFinished: (run: { id: string; profile: string; status: 'SUCCESS' | 'FAILURE'; total_return_percent?: number; trade_count?: number; error?: string }): NoticeText => ({
    title: run.status === 'SUCCESS' ? 'Backtest finished' : 'Backtest failed',
    text_body:
      run.status === 'SUCCESS'
        ? `The backtest #${run.id} of ${run.profile} finished: total return ${run.total_return_percent?.toFixed(2)} %, ${run.trade_count} trades.`
        : `The backtest #${run.id} of ${run.profile} failed: ${run.error}`,
  }),
  /** A sign-in from a browser and address this user had not signed in from before. */
  newDeviceSignIn: (email: string, device: string, address: string): NoticeText => ({
    title: 'Sign-in from a new device',
    text_body: `${email} signed in from ${device} at ${address}. If it was not them, end that session in Account details (or Users management) and change the password.`,
  }),
  /** Engine alert: the heartbeat is older than health's limit (health says `engine: down`). */
  engineDown: (lastBeatUtc: string): NoticeText => ({
    title: 'Engine down',
    text_body: `The engine has not beaten its heartbeat for over ${ENGINE_HEARTBEAT_STALE_SECONDS} s (last at ${lastBeatUtc} UTC): it is not trading or carrying out commands.`,
  }),
  /** Engine alert: the heartbeat is fresh again after an `engineDown`. */
  engineBack: (downSinceUtc: string): NoticeText => ({
    title: 'Engine running again',
    text_body: `The engine beats its heartbeat again (down since ${downSinceUtc} UTC).`,
  }),
  /** Engine alert: an `error` log row the engine wrote, with what it concerns and its message. */
  engineError: (row: { id: string; event_type: string; pair_name: string | null; profile_title: string | null; signal_id: string | null; message: string | null }): NoticeText => ({
    title: `Engine error: ${row.event_type.replace(/_/g, ' ')}`,
    text_body: [
      row.pair_name && `Pair ${row.pair_name}`,
      row.profile_title && `profile ${row.profile_title}`,
      row.signal_id && `signal ${row.signal_id}`,
      row.message,
      `(log entry #${row.id})`,
    ]
      .filter(Boolean)
      .join(' · '),
  }),
} as const;

export const DELIVERY_FAILURES = {
  botNotConfigured: (bot: string) => `The ${bot} bot is not configured`,
  /** A send cut off by a dying worker: it is not sent twice. */
  sendInterrupted: 'The worker stopped during this send; it is not sent again, so it may not have arrived',
} as const;
