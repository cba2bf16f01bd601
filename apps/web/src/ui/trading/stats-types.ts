export type { AccountStatsRow, ProfileStatsRow, SignalFigures } from '@console/contracts';
export { formatMoney as formatUsd } from '@console/contracts';
