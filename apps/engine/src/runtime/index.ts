/** The engine's runtime for other workspace packages: the API's tests run the engine that ships in-process. */
export { PaperEngine, type EngineOptions } from './engine';
export { createPool } from './db';
export { MINUTE_MS } from '../market/candle';
export { engineRegistry, logCommandsTo } from './observability';
export { redisLivePublisher } from './live';
export { runBacktest, storeBacktestMarket, BacktestCancelled, type BacktestInputs, type BacktestProfile, type BacktestRun, type BacktestTrade, type BacktestHooks, type ExitReason } from './backtest';
export { seededMarket } from '../market/model';
export type { MarketData } from '../market/port';
export { DEFAULT_FILL_SETTINGS, type FillSettings } from '../fills/fills';
export { dec } from '../money';
export type { Db } from './db';
export { encryptSecret, decryptSecret, encryptionKeyBytes } from './secrets';
export { tradingClient, pointAt, type ApiUrls, type TradingAccount } from './trading-client';
