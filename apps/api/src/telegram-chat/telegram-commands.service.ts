import { HttpException, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  allowingRight, canRead, canWrite, columnsFor, completePerms, dayFiguresText, FORMATS, formatAccountTitle, formatColumnValue, INPUT_LIMITS, PAGE_SIZES, permOf, POSITION_RESOURCE, SIGNAL_RESOURCE, STATS_FIGURES,
  TELEGRAM_BALANCE_FIELDS, TELEGRAM_CHAT_LIMITS, TELEGRAM_CHAT_MESSAGES as M, TELEGRAM_COMMANDS, TRADING_DECIMALS,
  type ListColumn, type NotificationRow, type PositionRow, type SignalRow,
} from '@console/contracts';
import type { Principal } from '../access/principal';
import { SIGNAL_ROWS } from '../access/row-scopes';
import { TooManyAttemptsError } from '../common/errors/api-errors';
import { runAsTelegramChat } from '../common/http/request-context';
import { RateLimiterService } from '../auth/rate-limiter.service';
import { SystemStatusService } from '../bot-control/system-status.service';
import { EngineCommandsRepository } from '../engine/engine-commands.repository';
import { userIdempotencyKey } from '../engine/engine-commands.service';
import { ReadDb } from '../common/database/read-replica';
import { queryListPage } from '../common/list-query/list-query';
import type { NotificationsQuery } from '../notifications/notifications.dto';
import { NOTIFICATION_LIST } from '../notifications/notifications.list';
import type { PositionsQuery } from '../positions/positions.dto';
import { PositionsService } from '../positions/positions.service';
import { SignalsService } from '../signals/signals.service';
import { MonthsStatsService } from '../stats/months-stats.service';
import { StrategyProfilesService } from '../strategy-profiles/strategy-profiles.service';
import type { SignalsQuery } from '../signals/signals.dto';
import { TelegramClient, type TelegramUpdate } from '../system-settings/telegram/telegram.client';
import { type CloseResult, type ConfirmedAction, TelegramChatRepository, type WaitingConfirmation } from './telegram-chat.repository';
import { type ChatUser, TelegramLinksRepository } from './telegram-links.repository';

/** The fields `/signals` shows of each signal, when the user's group sees them. */
const SIGNAL_FIELDS = ['id', 'pair', 'direction', 'status', 'pnl_in_usd', 'pnl_in_percent'];
/** The fields `/positions` shows of each open position, when the user's group sees them. */
const POSITION_FIELDS = ['ticker', 'profile', 'side', 'active_p_size_usd', 'u_pnl', 'r_pnl'];
/** A profile id as the routes take it: a link code (longer, with letters) is never one. */
const PROFILE_ID = /^[1-9][0-9]{0,9}$/;
const CONFIRM = 'ok';
const CANCEL = 'no';

/** The bot a chat talks to: its token and id. */
export interface BotIdentity {
  token: string;
  botId: string;
}

/**
 * The bot's side of a chat: links a chat by its code, and answers a linked chat's commands with the
 * privileges its user has now, through the API's own services (the same lists, row scopes and Limited
 * fields as the screens). An acting command asks for a confirmation button first, then is the engine
 * command a click makes, audited as the user with the chat named.
 */
@Injectable()
export class TelegramCommandsService {
  private readonly logger = new Logger('TelegramCommands');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly client: TelegramClient,
    private readonly links: TelegramLinksRepository,
    private readonly chats: TelegramChatRepository,
    private readonly limiter: RateLimiterService,
    private readonly systemStatus: SystemStatusService,
    private readonly signals: SignalsService,
    private readonly commands: EngineCommandsRepository,
    private readonly positions: PositionsService,
    private readonly months: MonthsStatsService,
    private readonly reads: ReadDb,
    private readonly profiles: StrategyProfilesService,
  ) {}

  async handle(bot: BotIdentity, update: TelegramUpdate): Promise<void> {
    if (update.message?.text !== undefined) return this.onMessage(bot, String(update.message.chat.id), update.message.text);
    if (update.callback_query) return this.onButton(bot, update.callback_query);
  }

  private async onMessage(bot: BotIdentity, chatId: string, text: string): Promise<void> {
    if (!(await this.withinRate(bot, chatId))) return;
    const [word, ...args] = text.trim().split(/\s+/);
    const command = word.startsWith('/') ? word.slice(1).split('@')[0].toLowerCase() : '';
    // `/start <code>` links; `/start <profile id>` (a linked chat's) starts a profile.
    if (command === 'start' && args[0] && !PROFILE_ID.test(args[0])) return this.link(bot, chatId, args[0]);
    const user = await this.links.userOfChat(this.dataSource, bot.botId, chatId);
    if (!user) return this.reply(bot, chatId, M.linkYourAccount);
    const principal = principalOf(user, chatId);
    let answer: string | null;
    try {
      answer = await this.answer(bot, principal, chatId, command, args);
    } catch (error) {
      // An answer that fails is told to the chat rather than left silent, and logged with its cause.
      answer = M.commandFailed(word);
      this.logError(`${word} from chat ${chatId}`, error);
    }
    await this.reply(bot, chatId, answer);
  }

  private logError(what: string, error: unknown): void {
    this.logger.error(`${what} failed: ${error instanceof Error ? error.message : String(error)}`, error instanceof Error ? error.stack : undefined);
  }

  /** The answer to a linked user's command; an acting one sends its confirmation itself and answers null. */
  private async answer(bot: BotIdentity, principal: Principal, chatId: string, command: string, args: string[]): Promise<string | null> {
    switch (command) {
      case 'start':
        if (args[0]) return this.askProfile(bot, principal, chatId, 'start', args[0]);
        return helpText();
      case 'stop':
        return this.askProfile(bot, principal, chatId, 'stop', args[0]);
      case 'help':
        return helpText();
      case 'status':
        return this.status(principal);
      case 'signals':
        return this.latestSignals(principal, args[0]);
      case 'positions':
        return this.openPositions(principal);
      case 'profit':
        return this.profit(principal, args[0]);
      case 'daily':
        return this.daily(principal, args[0]);
      case 'balance':
        return this.balance(principal);
      case 'alerts':
        return this.alerts(principal);
      case 'closeall': {
        if (!allowingRight(principal, 'closeMarket')) return M.notAllowed;
        const count = (await this.closable(principal)).length;
        if (!count) return M.nothingToClose;
        await this.askToConfirm(bot, principal.userId, chatId, { kind: 'closeall', count });
        return null;
      }
      case 'bot': {
        const status = args[0] === 'on' ? 'enabled' : args[0] === 'off' ? 'disabled' : null;
        if (!status) return M.usage(TELEGRAM_COMMANDS.bot.usage);
        if (!canWrite(principal, 'bot_status')) return M.notAllowed;
        await this.askToConfirm(bot, principal.userId, chatId, { kind: 'bot', status });
        return null;
      }
      case 'close': {
        const signalId = Number(args[0]);
        if (!Number.isSafeInteger(signalId) || signalId < 1) return M.usage(TELEGRAM_COMMANDS.close.usage);
        if (!allowingRight(principal, 'closeMarket')) return M.notAllowed;
        await this.askToConfirm(bot, principal.userId, chatId, { kind: 'close', signalId });
        return null;
      }
      default:
        return M.unknownCommand;
    }
  }

  private async status(principal: Principal): Promise<string> {
    const lines: string[] = [];
    if (canRead(principal, 'bot_status')) {
      const status = await this.systemStatus.read();
      lines.push(`Bot: ${status.status === 'enabled' ? 'on' : 'off'}${status.action_state === 'CHANGING' ? ' (changing)' : ''}`);
    } else lines.push(`Bot: ${M.notAllowed}`);
    if (canRead(principal, 'signals')) {
      const page = await this.signals.list(signalsQuery({ status: 'active', page_size: PAGE_SIZES.signals.options[0] }), SIGNAL_ROWS.where(permOf(principal, 'signals')));
      lines.push(`Open signals: ${page.count}`);
    } else lines.push(`Signals: ${M.notAllowed}`);
    return lines.join('\n');
  }

  /** The newest n signals the user's group may see, with the fields it may see, written as the screen writes them. */
  private async latestSignals(principal: Principal, countArg: string | undefined): Promise<string> {
    if (!canRead(principal, 'signals')) return M.notAllowed;
    const count = countArg === undefined ? TELEGRAM_CHAT_LIMITS.signalsDefault : Number(countArg);
    if (!Number.isInteger(count) || count < 1 || count > TELEGRAM_CHAT_LIMITS.signalsMax) return M.usage(`${TELEGRAM_COMMANDS.signals.usage}, n from 1 to ${TELEGRAM_CHAT_LIMITS.signalsMax}`);
    const perm = permOf(principal, 'signals');
    const pageSize = PAGE_SIZES.signals.options.find((size) => size >= count) ?? PAGE_SIZES.signals.default;
    const page = await this.signals.list(signalsQuery({ page_size: pageSize }), SIGNAL_ROWS.where(perm));
    if (!page.rows.length) return M.noSignals;
    const columns = columnsFor<SignalRow>(SIGNAL_RESOURCE, perm).filter((c) => SIGNAL_FIELDS.includes(c.field));
    return page.rows
      .slice(0, count)
      .map((row) => columns.map((c) => `${c.header}: ${formatColumnValue(c.format, row[c.field as keyof SignalRow], (value) => String(value))}`).join(' · '))
      .join('\n');
  }

  /** The open positions the user's group sees (APA's list and fields), as the positions screen writes them. */
  private async openPositions(principal: Principal): Promise<string> {
    if (!canRead(principal, 'APA')) return M.notAllowed;
    const pageSize = PAGE_SIZES.generic.options.find((size) => size >= TELEGRAM_CHAT_LIMITS.positionsShown) ?? PAGE_SIZES.generic.default;
    const page = await this.positions.list({ page: 1, page_size: pageSize } as PositionsQuery);
    if (!page.rows.length) return M.noPositions;
    const columns = columnsFor<PositionRow>(POSITION_RESOURCE, permOf(principal, 'APA')).filter((c) => POSITION_FIELDS.includes(c.field));
    const shown = page.rows.slice(0, TELEGRAM_CHAT_LIMITS.positionsShown);
    const lines = shown.map((row) => `#${row.id} ${cells(columns, row)}`);
    if (page.count > shown.length) lines.push(M.morePositions(page.count - shown.length));
    return lines.join('\n');
  }

  /** `/profit [days]`: the realised total of the last days, as By Months computes a total. */
  private async profit(principal: Principal, daysArg: string | undefined): Promise<string> {
    if (!canRead(principal, 'stats_by_months')) return M.notAllowed;
    const days = countOf(daysArg, TELEGRAM_CHAT_LIMITS.profitDaysDefault, TELEGRAM_CHAT_LIMITS.profitDaysMax);
    if (days === null) return M.usage(`${TELEGRAM_COMMANDS.profit.usage}, days from 1 to ${TELEGRAM_CHAT_LIMITS.profitDaysMax}`);
    const stats = await this.months.days(undefined, days);
    if (!stats.exchange_account || !stats.total) return M.noAccount;
    return `${M.profitOf(formatAccountTitle(stats.exchange_account.title), days)}\n${dayFiguresText(stats.total)}`;
  }

  /** `/daily [n]`: each of the last n days, newest first, as By Months computes a month. */
  private async daily(principal: Principal, countArg: string | undefined): Promise<string> {
    if (!canRead(principal, 'stats_by_months')) return M.notAllowed;
    const count = countOf(countArg, TELEGRAM_CHAT_LIMITS.dailyDefault, TELEGRAM_CHAT_LIMITS.dailyMax);
    if (count === null) return M.usage(`${TELEGRAM_COMMANDS.daily.usage}, n from 1 to ${TELEGRAM_CHAT_LIMITS.dailyMax}`);
    const stats = await this.months.days(undefined, count);
    if (!stats.exchange_account) return M.noAccount;
    const rows = [...stats.by_day].reverse().map((day) => `${day.period}: ${dayFiguresText(day)}`);
    return [M.dailyOf(formatAccountTitle(stats.exchange_account.title)), ...rows].join('\n');
  }

  /** `/balance`: each account's newest metrics, the side list's figures with its decimals. */
  private async balance(principal: Principal): Promise<string> {
    if (!canRead(principal, 'APA')) return M.notAllowed;
    const accounts = await this.positions.accountInfo();
    if (!accounts.length) return M.noAccount;
    const format = FORMATS.number(TRADING_DECIMALS.adminMetrics);
    return accounts
      .map((a) => `${formatAccountTitle(a.account_name)}: ${TELEGRAM_BALANCE_FIELDS.map((f) => `${STATS_FIGURES[f].name}: ${formatColumnValue(format, a[f], String)}`).join(' · ')}`)
      .join('\n');
  }

  /** `/alerts`: the newest notifications of the feed the console shows. */
  private async alerts(principal: Principal): Promise<string> {
    if (!canRead(principal, 'notifications')) return M.notAllowed;
    // The feed's own list declaration (the worker runs no NotificationsService: it is the API's, with its queues).
    const page = await queryListPage<NotificationRow, NotificationsQuery>(this.reads, NOTIFICATION_LIST, { page: 1, page_size: PAGE_SIZES.generic.options[0] } as NotificationsQuery);
    if (!page.rows.length) return M.noNotifications;
    return page.rows
      .slice(0, TELEGRAM_CHAT_LIMITS.alertsShown)
      .map((n) => `${utcMinute(n.created_at)} ${n.title}${n.text_body ? `: ${n.text_body}` : ''}`)
      .join('\n');
  }

  /** `/stop <profile id>` and `/start <profile id>`: the profiles section's write level, as the routes ask. */
  private async askProfile(bot: BotIdentity, principal: Principal, chatId: string, kind: 'start' | 'stop', arg: string | undefined): Promise<string | null> {
    const profileId = Number(arg);
    if (!arg || !PROFILE_ID.test(arg) || profileId > INPUT_LIMITS.idMax) return M.usage(TELEGRAM_COMMANDS[kind].usage);
    if (!canWrite(principal, 'profiles')) return M.notAllowed;
    await this.askToConfirm(bot, principal.userId, chatId, { kind, profileId });
    return null;
  }

  /** The signals with an open position the user may close at market (the close right's row scope). */
  private async closable(principal: Principal): Promise<number[]> {
    const scope = closeScope(principal);
    return scope ? this.chats.signalsWithOpenPosition(this.dataSource, scope) : [];
  }

  private async askToConfirm(bot: BotIdentity, userId: number, chatId: string, action: ConfirmedAction): Promise<void> {
    const id = await this.chats.addConfirmation(this.dataSource, userId, chatId, action);
    const sent = await this.client.sendMessage(bot.token, chatId, M.confirm(describe(action)), [
      [
        { text: M.confirmButton, callback_data: `${CONFIRM}:${id}` },
        { text: M.cancelButton, callback_data: `${CANCEL}:${id}` },
      ],
    ]);
    await this.chats.setMessage(this.dataSource, id, sent.message_id);
  }

  private async onButton(bot: BotIdentity, query: NonNullable<TelegramUpdate['callback_query']>): Promise<void> {
    const chatId = String(query.message?.chat.id ?? query.from.id);
    const [choice, id] = (query.data ?? '').split(':');
    if (!(await this.withinRate(bot, chatId, query.id))) return;
    const user = await this.links.userOfChat(this.dataSource, bot.botId, chatId);
    if (!user || !id || !/^[0-9a-f-]{36}$/.test(id)) return this.client.answerCallbackQuery(bot.token, query.id, M.linkYourAccount);
    const used = await this.chats.use(this.dataSource, id, user.user_id, chatId);
    if (!used) return this.client.answerCallbackQuery(bot.token, query.id, M.confirmationExpired);
    await this.client.answerCallbackQuery(bot.token, query.id);
    const messageId = Number(used.message_id);
    if (choice !== CONFIRM) return this.client.editMessageText(bot.token, chatId, messageId, M.cancelled);
    let text: string;
    try {
      text = await this.carryOut(id, user, chatId, used.action);
    } catch (error) {
      text = M.failed(describe(used.action), M.consoleError);
      this.logError(`confirmation ${id} from chat ${chatId}`, error);
    }
    await this.client.editMessageText(bot.token, chatId, messageId, text);
  }

  /** The click's own path: the same service, run as the user from this chat, with the confirmation as the idempotency key. */
  private async carryOut(confirmationId: string, user: ChatUser, chatId: string, action: ConfirmedAction): Promise<string> {
    const what = describe(action);
    // The group may have changed since the question was asked: the right is judged again.
    const principal = principalOf(user, chatId);
    try {
      const commandId = await runAsTelegramChat(user.user_id, chatId, () => this.submit(principal, action, confirmationId));
      if (commandId === undefined) return M.notAllowed;
      if (commandId === null) return M.unchanged(what);
      if (Array.isArray(commandId)) {
        await this.chats.setCommands(this.dataSource, confirmationId, commandId);
        return M.sentManyToEngine(what, commandId.length);
      }
      await this.chats.setCommand(this.dataSource, confirmationId, commandId);
      return M.sentToEngine(what);
    } catch (error) {
      if (error instanceof HttpException) return M.failed(what, detailOf(error));
      throw error;
    }
  }

  /**
   * The engine command the action becomes: its id, null when nothing was to change, undefined when not
   * allowed; for `/closeall` the ids of its commands, one per position.
   */
  private async submit(principal: Principal, action: ConfirmedAction, clientKey: string): Promise<string | string[] | null | undefined> {
    if (action.kind === 'bot') {
      if (!canWrite(principal, 'bot_status')) return undefined;
      const status = await this.systemStatus.set(principal, { status: action.status }, clientKey);
      return status.action_state === 'CHANGING' && status.command_id ? status.command_id : null;
    }
    if (action.kind === 'start' || action.kind === 'stop') {
      if (!canWrite(principal, 'profiles')) return undefined;
      await (action.kind === 'start' ? this.profiles.start(principal, action.profileId, clientKey) : this.profiles.stop(principal, action.profileId, clientKey));
      // The service answers the profile; the command is the one its idempotency key names.
      const [command] = await this.commands.byKeys(this.dataSource, [userIdempotencyKey(principal.userId, clientKey)]);
      return command?.id ?? null;
    }
    if (action.kind === 'closeall') {
      // The positions open now, which may be fewer or more than when asked: each is judged again by the close's own checks.
      const scope = closeScope(principal);
      if (!scope) return undefined;
      const ids = await this.chats.signalsWithOpenPosition(this.dataSource, scope);
      if (!ids.length) return null;
      const { commands } = await this.signals.bulkClose(principal, ids, 'close_market', scope, clientKey);
      return commands.map((c) => c.id);
    }
    const scope = closeScope(principal);
    if (!scope) return undefined;
    const state = await this.signals.close(principal, action.signalId, 'close_market', scope, clientKey);
    return state.id;
  }

  /** Edits the engine's result into each confirmed message whose command has ended (all of `/closeall`'s). */
  async reportEngineResults(bot: BotIdentity): Promise<number> {
    const waiting = await this.chats.waitingForEngine(this.dataSource);
    for (const confirmation of waiting) {
      const text = await this.engineResult(confirmation);
      if (text === null) continue;
      await this.client.editMessageText(bot.token, confirmation.chat_id, Number(confirmation.message_id), text);
      await this.chats.markAnswered(this.dataSource, confirmation.id);
    }
    return waiting.length;
  }

  /** The text a confirmed message ends with, or null while the engine has not answered (every command, for `/closeall`). */
  private async engineResult(confirmation: WaitingConfirmation): Promise<string | null> {
    const what = describe(confirmation.action);
    if (confirmation.command_ids) {
      const results = await this.chats.closeResults(this.dataSource, confirmation.command_ids);
      if (results.some((r) => r.status === 'pending')) return null;
      return closeResultsText(what, results);
    }
    const state = await this.commands.state(this.dataSource, confirmation.command_id);
    if (state?.status === 'pending') return null;
    return state?.status === 'succeeded' ? M.done(what) : M.failed(what, state?.error ?? state?.status ?? 'unknown');
  }

  private async link(bot: BotIdentity, chatId: string, code: string): Promise<void> {
    const linked = await this.dataSource.transaction(async (m) => {
      const owner = await this.links.spendCode(m, code);
      if (owner) await this.links.link(m, owner.user_id, bot.botId, chatId);
      return owner;
    });
    await this.reply(bot, chatId, linked ? M.linked(linked.email) : M.codeInvalid);
  }

  /** Counts the chat's message; past the limit the chat is told how long to wait, and nothing else happens. */
  private async withinRate(bot: BotIdentity, chatId: string, callbackQueryId?: string): Promise<boolean> {
    try {
      await this.limiter.take([{ limit: 'telegram:chat', key: `${bot.botId}:${chatId}` }]);
      return true;
    } catch (error) {
      if (!(error instanceof TooManyAttemptsError)) throw error;
      const text = M.tooMany(error.retryAfterSeconds);
      if (callbackQueryId) await this.client.answerCallbackQuery(bot.token, callbackQueryId, text);
      else await this.reply(bot, chatId, text);
      return false;
    }
  }

  private async reply(bot: BotIdentity, chatId: string, text: string | null): Promise<void> {
    if (text) await this.client.sendMessage(bot.token, chatId, text);
  }
}

/** The linked user as a principal, with their group's perms as they are now. */
function principalOf(user: ChatUser, chatId: string): Principal {
  return {
    userId: user.user_id,
    email: user.email,
    familyId: `telegram:${chatId}`,
    secondFactorPassed: true,
    groupId: user.group_id,
    groupName: user.group_name,
    perms: completePerms({ perms: user.perms ?? [] }),
    ip: 'telegram',
    userAgent: `Telegram chat ${chatId}`,
  };
}

function signalsQuery(query: Partial<SignalsQuery>): SignalsQuery {
  return { page: 1, ...query } as SignalsQuery;
}

function describe(action: ConfirmedAction): string {
  switch (action.kind) {
    case 'close':
      return M.closeSignal(action.signalId);
    case 'closeall':
      return M.closeAll(action.count);
    case 'start':
      return M.startProfile(action.profileId);
    case 'stop':
      return M.stopProfile(action.profileId);
    case 'bot':
      return action.status === 'enabled' ? M.botOn : M.botOff;
  }
}

/** The rows the close-at-market right reaches, undefined without it: as the route's guard does, the signals row scope applies when the right is the signals section's own. */
function closeScope(principal: Principal): readonly string[] | undefined {
  const allowed = allowingRight(principal, 'closeMarket');
  if (!allowed) return undefined;
  return allowed.perm.section_name === SIGNAL_ROWS.section ? SIGNAL_ROWS.where(allowed.perm) : [];
}

/** A row's cells as `Header: value`, joined as `/signals` writes them; a named reference shows its title. */
function cells<Row>(columns: ListColumn<Row>[], row: Row): string {
  return columns
    .map((c) => {
      const value = row[c.field as keyof Row] as unknown;
      const shown = value && typeof value === 'object' && 'title' in value ? (value as { title: string }).title : value;
      return `${c.header}: ${formatColumnValue(c.format, shown, (v) => String(v))}`;
    })
    .join(' · ');
}

/** `/closeall`'s answer: the counts, then each position's close (a failed one with the engine's reason), the first ones only. */
function closeResultsText(what: string, results: CloseResult[]): string {
  const errorOf = (r: CloseResult) => (r.status === 'succeeded' ? null : (r.error ?? r.status));
  const failed = results.filter((r) => errorOf(r) !== null).length;
  const shown = results.slice(0, TELEGRAM_CHAT_LIMITS.closeResultsShown).map((r) => M.closeResult(r.signal_id ?? '?', errorOf(r)));
  if (results.length > shown.length) shown.push(M.morePositions(results.length - shown.length));
  return [M.manyResults(what, results.length - failed, failed), ...shown].join('\n');
}

/** A count argument: the default when absent, null when not a whole number from 1 to max. */
function countOf(arg: string | undefined, fallback: number, max: number): number | null {
  if (arg === undefined) return fallback;
  const n = Number(arg);
  return /^[0-9]+$/.test(arg) && n >= 1 && n <= max ? n : null;
}

function utcMinute(at: string | Date): string {
  return `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function helpText(): string {
  return Object.values(TELEGRAM_COMMANDS)
    .map((c) => `${c.usage} — ${c.help}`)
    .join('\n');
}

function detailOf(error: HttpException): string {
  const body = error.getResponse();
  return typeof body === 'object' && body && 'detail' in body ? String((body as { detail: unknown }).detail) : error.message;
}
