import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MODEL_MARKET_TICKERS, PAIR_MESSAGES } from '@console/contracts';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { BadRequestDetail } from '../common/errors/api-errors';
import { exchangeClient } from '../market-data/candle-downloader';
import { PairsRepository } from './pairs.repository';

/** One instrument the exchange lists. */
interface ExchangeInstrument {
  ticker: string;
}

/** Where the pairs sync reads the exchange's instrument list. */
export interface ExchangeCatalog {
  listInstruments(): Promise<ExchangeInstrument[]>;
}

export const EXCHANGE_CATALOG = Symbol('EXCHANGE_CATALOG');

/**
 * The instruments the accounts trade on: the model market's tickers while an account is on the model
 * market (or there is none yet, so sync works offline), and each exchange of a `store` or `live` account's
 * active spot markets from ccxt's fetchMarkets, by their market id (the candle store's symbol). An exchange
 * that cannot be read fails the sync with its message, before anything is added.
 */
@Injectable()
export class AccountMarketsCatalog implements ExchangeCatalog {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly pairs: PairsRepository,
  ) {}

  async listInstruments(): Promise<ExchangeInstrument[]> {
    const accounts = await this.pairs.accountMarkets(this.dataSource);
    const tickers = new Set<string>();
    if (!accounts.length || accounts.some((a) => a.market === 'model')) for (const ticker of MODEL_MARKET_TICKERS) tickers.add(ticker);
    for (const exchange of new Set(accounts.filter((a) => a.market !== 'model').map((a) => a.exchange))) {
      try {
        const markets = await exchangeClient(exchange, this.config.exchangeOrigin).loadMarkets();
        for (const market of Object.values(markets)) if (market?.spot && market.active !== false && market.id) tickers.add(market.id);
      } catch (error) {
        throw new BadRequestDetail(PAIR_MESSAGES.catalogUnavailable(exchange, (error as Error).message));
      }
    }
    return [...tickers].map((ticker) => ({ ticker }));
  }
}
