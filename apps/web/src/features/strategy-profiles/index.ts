/** What other features may use of strategy profiles: one profile's row (the backtest form reads its pairs and account). */
export { useStrategyProfile } from './api/get-strategy-profile';
