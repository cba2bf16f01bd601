/**
 * The MCP tools, declared once: name, what it tells a model, its input (zod, which the SDK turns into
 * the tool's JSON schema and checks calls against) and the console route it calls. A tool is only that
 * call: the route's access guard, Limited projection, row scopes, rate limit and audit decide the rest.
 */
import { z } from 'zod';
import {
  API_PATHS,
  BACKTEST_LIST_QUERY,
  BACKTEST_MARKETS,
  BACKTEST_PATHS,
  BACKTEST_STATUSES,
  INPUT_LIMITS,
  LOG_LIST_QUERY,
  LOG_TYPES,
  MONTHS_ORDERS,
  MONTHS_VIEWS,
  ORDER_LIST_QUERY,
  ORDER_STATUSES,
  PAGE_SIZES,
  POSITION_LIST_QUERY,
  PROFILE_STATS_LIST_QUERY,
  RISK_CONTROL_LIST_QUERY,
  SIGNAL_LIST_QUERY,
  SIGNAL_STATUSES,
  STRATEGY_PROFILE_STATUSES,
  type BotStatus,
  type ListQueryAccess,
} from '@console/contracts';

/** One call of the console's API (a path under API_PREFIX). */
export interface ConsoleCall {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  query?: Readonly<Record<string, unknown>>;
  body?: unknown;
}

export interface McpTool {
  name: string;
  title: string;
  description: string;
  /** read: answers what the route answers; act: asks the console to do something (the route's write right). */
  kind: 'read' | 'act';
  input: z.ZodRawShape;
  /** The list declaration the input's filters and orderings come from (the spec holds them to it). */
  list?: ListQueryAccess;
  call: (args: Record<string, unknown>) => ConsoleCall;
}

/** Keeps each tool's call typed by its own input, then stores it among the others. */
function tool<S extends z.ZodRawShape>(declared: Omit<McpTool, 'input' | 'call'> & { input: S; call: (args: z.infer<z.ZodObject<S>>) => ConsoleCall }): McpTool {
  return declared as unknown as McpTool;
}

const id = (what: string) => z.number().int().min(INPUT_LIMITS.idMin).max(INPUT_LIMITS.idMax).describe(what);
/** Signals, orders and positions are bigint rows: their lists answer ids as strings. */
const bigId = (what: string) =>
  z.union([z.string().regex(/^[1-9]\d{0,15}$/), z.number().int().min(1).max(INPUT_LIMITS.bigIdMax)]).describe(`${what} (as the list answers it)`);
const page = z.number().int().min(1).max(INPUT_LIMITS.pageMax).optional().describe('Page, from 1');
const pageSize = (options: readonly number[]) => z.literal([...options]).optional().describe(`Rows per page: ${options.join(', ')}`);
const date = (what: string) => z.string().max(40).optional().describe(`${what}: YYYY-MM-DD (the whole day, UTC) or an ISO 8601 instant`);
const ordering = (list: ListQueryAccess) =>
  z.string().max(200).optional().describe(`Sort by ${Object.keys(list.orderings ?? {}).join(', ')}; a leading '-' sorts descending`);

const get = (path: string, query?: Readonly<Record<string, unknown>>): ConsoleCall => ({ method: 'GET', path, query });

export const MCP_TOOLS: readonly McpTool[] = [
  tool({
    name: 'account_overview',
    title: 'Account overview',
    kind: 'read',
    description:
      'Each exchange account’s newest figures: deposit (deposit_at, deposit_monthly), NAV (nav), today’s PnL (return_day_percent, and nav − balance_daily in USD), ' +
      'this month’s (return_month_percent), all-time (return_at_percent), VaR, drawdowns and assets. Money in USD.',
    input: {},
    call: () => get(API_PATHS.accountInfo),
  }),
  tool({
    name: 'bot_status',
    title: 'Bot status',
    kind: 'read',
    description: 'Whether the trading bot is enabled or disabled, and whether a change is on its way (action_state).',
    input: {},
    call: () => get(API_PATHS.systemStatus),
  }),
  tool({
    name: 'positions',
    title: 'Open positions',
    kind: 'read',
    description: 'Open positions with size, unrealised (u_pnl) and realised (r_pnl) PnL. signal_id is what close_position takes.',
    list: POSITION_LIST_QUERY,
    input: { pair__ticker: z.string().max(50).optional().describe('Ticker, e.g. BTCUSDT'), ordering: ordering(POSITION_LIST_QUERY), page, page_size: pageSize(PAGE_SIZES.generic.options) },
    call: (args) => get(API_PATHS.positions, args),
  }),
  tool({
    name: 'signals',
    title: 'Signals',
    kind: 'read',
    description: 'Signals, newest first, filtered as the Signals list is: profile, status, pair, a created-at range; missed ones only when asked.',
    list: SIGNAL_LIST_QUERY,
    input: {
      profile: id('Strategy profile id').optional(),
      status: z.enum(SIGNAL_STATUSES).optional(),
      pair: id('Pair id').optional(),
      created_at_after: date('Created at or after'),
      created_at_before: date('Created at or before'),
      show_missed: z.boolean().optional().describe('true: missed signals too'),
      show_unfilled: z.boolean().optional().describe('true: only signals nothing was filled for yet'),
      ordering: ordering(SIGNAL_LIST_QUERY),
      page,
      page_size: pageSize(PAGE_SIZES.signals.options),
    },
    call: (args) => get(API_PATHS.signals, args),
  }),
  tool({
    name: 'orders',
    title: 'Orders',
    kind: 'read',
    description: 'Orders, newest first, filtered as the Orders list is: profile, status, pair, one signal’s orders, a created-at range.',
    list: ORDER_LIST_QUERY,
    input: {
      profile: id('Strategy profile id').optional(),
      status: z.enum(ORDER_STATUSES).optional(),
      pair: id('Pair id').optional(),
      signal: bigId('Signal id: that signal’s orders').optional(),
      created_at_after: date('Created at or after'),
      created_at_before: date('Created at or before'),
      ordering: ordering(ORDER_LIST_QUERY),
      page,
    },
    call: (args) => get(API_PATHS.orders, args),
  }),
  tool({
    name: 'profile_stats',
    title: 'Profile stats',
    kind: 'read',
    description: 'All-time results of each strategy profile: total PnL (USD and %), win rate, counts, averages, worst loss.',
    list: PROFILE_STATS_LIST_QUERY,
    input: {
      profile_id__in: z.array(id('Profile id')).max(100).optional().describe('Only these profiles'),
      status: z.enum(STRATEGY_PROFILE_STATUSES).optional(),
      created_at__gte: date('Profile created on or after'),
      created_at__lte: date('Profile created on or before'),
      ordering: ordering(PROFILE_STATS_LIST_QUERY),
      page,
      page_size: pageSize(PAGE_SIZES.generic.options),
    },
    call: ({ profile_id__in, ...args }) => get(API_PATHS.profilesStats, { ...args, profile_id__in: profile_id__in?.join(',') }),
  }),
  tool({
    name: 'months_stats',
    title: 'Stats by months',
    kind: 'read',
    description: 'One exchange account’s results month by month (NAV and realised returns, deposit, win rate, turnover), the total, averages and a summary.',
    input: {
      view: z.enum(MONTHS_VIEWS).optional().describe('admin (default): every figure; client: the investor’s view'),
      exchange_account: id('Exchange account id (default: the first)').optional(),
      date_from: z.string().max(10).optional().describe('First month: a day of it, YYYY-MM-DD'),
      date_to: z.string().max(10).optional().describe('Last month: a day of it, YYYY-MM-DD'),
      order: z.enum(MONTHS_ORDERS).optional().describe('-period (default): newest first'),
    },
    call: ({ view, ...args }) => get(view === 'client' ? API_PATHS.statisticsClient : API_PATHS.statisticsAdmin, args),
  }),
  tool({
    name: 'backtests',
    title: 'Backtests',
    kind: 'read',
    description:
      'Backtest runs, newest first: profile, market, period, status and progress (0–100), total_return_percent, max_drawdown_percent, trade count, who asked and when. ' +
      'A run’s other figures come from backtest_results.',
    list: BACKTEST_LIST_QUERY,
    input: {
      status: z.enum(BACKTEST_STATUSES).optional(),
      profile_id: id('Strategy profile id').optional(),
      market: z.enum(BACKTEST_MARKETS).optional(),
      ordering: ordering(BACKTEST_LIST_QUERY),
      page,
      page_size: pageSize(PAGE_SIZES.generic.options),
    },
    call: (args) => get(BACKTEST_PATHS.list, args),
  }),
  tool({
    name: 'backtest_results',
    title: 'Backtest results',
    kind: 'read',
    description:
      'One backtest run: its inputs (profile, pairs, market and seed, period, deposit, rates, settings), status, how long it ran, and its figures: ' +
      'total return, CAGR, max drawdown and its duration, Sharpe, Sortino, Calmar, profit factor, expectancy, win rate, average win and loss, trades, exposure, fees, best and worst trade, final equity (money in USD, as text).',
    input: { backtest_id: bigId('Backtest id') },
    call: ({ backtest_id }) => get(BACKTEST_PATHS.one(String(backtest_id))),
  }),
  tool({
    name: 'risk_triggers',
    title: 'Risk triggers',
    kind: 'read',
    description: 'The risk control triggers: type, thresholds, the profiles each blocks, the account, whether it is active and alerts.',
    list: RISK_CONTROL_LIST_QUERY,
    input: { show_hide: z.boolean().optional().describe('true: hidden triggers too'), page },
    call: (args) => get(API_PATHS.riskControls, args),
  }),
  tool({
    name: 'notifications',
    title: 'Recent notifications',
    kind: 'read',
    description: 'The notifications feed (risk alerts, engine and account events), newest first.',
    input: { page, page_size: pageSize(PAGE_SIZES.generic.options) },
    call: (args) => get(API_PATHS.notifications, args),
  }),
  tool({
    name: 'signal_logs',
    title: 'Logs of a signal',
    kind: 'read',
    description: 'The log entries of one signal (its orders, fills, closes, errors), newest first.',
    list: LOG_LIST_QUERY,
    input: { signal_id: bigId('Signal id'), type: z.enum(LOG_TYPES).optional(), page, page_size: pageSize(PAGE_SIZES.logs.options) },
    call: (args) => get(API_PATHS.logs, args),
  }),
  tool({
    name: 'engine_command',
    title: 'Engine command',
    kind: 'read',
    description: 'How a command an act tool started is going (its command id): pending, done or failed, and why.',
    input: { command_id: bigId('The command id an act tool answered') },
    call: ({ command_id }) => get(API_PATHS.engineCommand(String(command_id))),
  }),
  tool({
    name: 'stop_profile',
    title: 'Stop a strategy profile',
    kind: 'act',
    description: 'Stops a strategy profile: it opens no new signals (needs write on profiles).',
    input: { profile_id: id('Strategy profile id') },
    call: ({ profile_id }) => ({ method: 'PUT', path: API_PATHS.stopStrategyProfile(profile_id) }),
  }),
  tool({
    name: 'start_profile',
    title: 'Start a strategy profile',
    kind: 'act',
    description: 'Starts a strategy profile (needs write on profiles).',
    input: { profile_id: id('Strategy profile id') },
    call: ({ profile_id }) => ({ method: 'PUT', path: API_PATHS.startStrategyProfile(profile_id) }),
  }),
  tool({
    name: 'close_position',
    title: 'Close a position at market',
    kind: 'act',
    description: 'Closes a signal’s position at market. Takes the signal’s id (positions answer it as signal_id). Answers the engine command.',
    input: { signal_id: bigId('Signal id') },
    call: ({ signal_id }) => ({ method: 'POST', path: API_PATHS.closeMarket(String(signal_id)) }),
  }),
  tool({
    name: 'cancel_order',
    title: 'Cancel an order',
    kind: 'act',
    description: 'Cancels an open order. Answers the engine command.',
    input: { order_id: bigId('Order id') },
    call: ({ order_id }) => ({ method: 'POST', path: API_PATHS.cancelOrder(String(order_id)) }),
  }),
  tool({
    name: 'bot_off',
    title: 'Turn the bot off',
    kind: 'act',
    description: 'Disables the trading bot: the engine stops trading until someone enables it again on the console.',
    input: {},
    call: () => ({ method: 'POST', path: API_PATHS.systemStatus, body: { status: 'disabled' satisfies BotStatus } }),
  }),
];
