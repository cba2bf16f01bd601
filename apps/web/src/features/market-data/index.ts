/** What other features may use of market data: the system settings page's block. */
export { MarketDataBlock } from './components/MarketDataBlock';
