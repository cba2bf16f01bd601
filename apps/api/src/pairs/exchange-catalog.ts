import { Injectable } from '@nestjs/common';
import { SIMULATED_USDT_PERPETUALS } from './simulated-exchange.instruments';

/** One instrument the exchange lists. */
interface ExchangeInstrument {
  ticker: string;
}

/** Where the pairs sync reads the exchange's instrument list. A real exchange adapter implements this. */
export interface ExchangeCatalog {
  listInstruments(): Promise<ExchangeInstrument[]>;
}

export const EXCHANGE_CATALOG = Symbol('EXCHANGE_CATALOG');

/** The bundled catalog: a simulated exchange with a fixed list of USDT perpetuals, so sync works offline. */
@Injectable()
export class SimulatedExchangeCatalog implements ExchangeCatalog {
  async listInstruments(): Promise<ExchangeInstrument[]> {
    return SIMULATED_USDT_PERPETUALS.map((ticker) => ({ ticker }));
  }
}
