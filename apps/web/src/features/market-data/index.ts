/** What other features may use of market data: the system settings page's block, the coverage and the candles (the charts page). */
export { MarketDataBlock } from './components/MarketDataBlock';
export { useCandleCoverage } from './api/get-candle-coverage';
export { useCandles, type CandlesRequest } from './api/get-candles';
