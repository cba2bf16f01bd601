import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  API_PATHS,
  MAX_PAGE_SIZE,
  type ExchangeAccount,
  type ExchangeAccountInput,
  type InvestorReportSchedule,
  type InvestorReportScheduleInput,
  type InvestorReportSettings,
  type Paginated,
  type PairsSyncResult,
  type TgBotSettings,
  type TradingPair,
} from '@console/contracts';
import type { ApiClient } from '../../../api/client';

/** Query-key roots of this page's resources. */
export const settingsKeys = {
  accounts: ['exchange-accounts'] as const,
  telegram: ['tg-bot-settings'] as const,
  investor: ['investor-report-settings'] as const,
  schedules: ['investor-report-schedules'] as const,
  pairs: ['pairs'] as const,
};

/** The blocks scroll through whole lists, so each asks for the largest page. */
const wholeList = { page_size: MAX_PAGE_SIZE };

export const exchangeAccountsQuery = (client: ApiClient) =>
  queryOptions({ queryKey: settingsKeys.accounts, queryFn: () => client.get<Paginated<ExchangeAccount>>(API_PATHS.exchangeAccounts, { params: wholeList }) });

export const saveExchangeAccount = (client: ApiClient, body: ExchangeAccountInput, id?: number) =>
  id ? client.put<ExchangeAccount>(API_PATHS.exchangeAccount(id), body) : client.post<ExchangeAccount>(API_PATHS.exchangeAccounts, body);

export const deleteExchangeAccount = (client: ApiClient, id: number) => client.delete(API_PATHS.exchangeAccount(id));

export const tgBotSettingsQuery = (client: ApiClient) =>
  queryOptions({ queryKey: settingsKeys.telegram, queryFn: () => client.get<TgBotSettings>(API_PATHS.tgBotSettings) });

/** platform.md 4: create when both fields were empty, otherwise update. */
export const saveTgBotSettings = (client: ApiClient, body: { token: string; chat_id: string }, create: boolean) =>
  create ? client.post<TgBotSettings>(API_PATHS.tgBotSettings, body) : client.put<TgBotSettings>(API_PATHS.tgBotSettings, body);

export const investorSettingsQuery = (client: ApiClient) =>
  queryOptions({ queryKey: settingsKeys.investor, queryFn: () => client.get<InvestorReportSettings>(API_PATHS.investorReportSettings) });

export const saveInvestorSettings = (client: ApiClient, body: InvestorReportSettings) => client.put<InvestorReportSettings>(API_PATHS.investorReportSettings, body);

export const schedulesQuery = (client: ApiClient) =>
  queryOptions({ queryKey: settingsKeys.schedules, queryFn: () => client.get<Paginated<InvestorReportSchedule>>(API_PATHS.investorReportSchedules, { params: wholeList }) });

export const createSchedule = (client: ApiClient, body: InvestorReportScheduleInput) => client.post<InvestorReportSchedule>(API_PATHS.investorReportSchedules, body);

export const deleteSchedule = (client: ApiClient, id: number) => client.delete(API_PATHS.investorReportSchedule(id));

/** Every pair, a page of MAX_PAGE_SIZE at a time; the block asks for more near the bottom of its scroll. */
export const pairsQuery = (client: ApiClient) =>
  infiniteQueryOptions({
    queryKey: settingsKeys.pairs,
    queryFn: ({ pageParam }) => client.get<Paginated<TradingPair>>(API_PATHS.pairs, { params: { ...wholeList, page: pageParam } }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.next ? pages.length + 1 : undefined),
  });

/** Sync with the exchange's instrument list: an empty body (platform.md 7). */
export const syncPairs = (client: ApiClient) => client.post<PairsSyncResult>(API_PATHS.pairs);

/** platform.md 7: the pair without its id, is_active flipped. */
export const togglePair = (client: ApiClient, pair: TradingPair) => client.put<TradingPair>(API_PATHS.pair(pair.id), { ticker: pair.ticker, is_active: !pair.is_active });
