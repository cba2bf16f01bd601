import { Injectable } from '@nestjs/common';
import { MODEL_MARKET_TICKERS } from '@console/contracts';

/** One instrument the exchange lists. */
interface ExchangeInstrument {
  ticker: string;
}

/** Where the pairs sync reads the exchange's instrument list: the model market's today, an exchange's markets later. */
export interface ExchangeCatalog {
  listInstruments(): Promise<ExchangeInstrument[]>;
}

export const EXCHANGE_CATALOG = Symbol('EXCHANGE_CATALOG');

/** The model market's catalog, the one the bundled engine trades on, so sync works offline. */
@Injectable()
export class ModelMarketCatalog implements ExchangeCatalog {
  async listInstruments(): Promise<ExchangeInstrument[]> {
    return MODEL_MARKET_TICKERS.map((ticker) => ({ ticker }));
  }
}
