/** What other features may use of the charts page: its candle chart (a backtest's page marks its trades on it). */
export { CandlesChart, type CandleMarker } from './components/CandlesChart';
