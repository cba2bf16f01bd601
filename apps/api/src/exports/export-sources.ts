/**
 * The exported lists, by kind: each list's declaration (owned by its feature) with the sheet's columns.
 * The worker writes from these; the controllers take each list's own query DTO.
 */
import type { ExportedList } from '@console/contracts';
import type { ExportSource } from './export-source';
import { ACCOUNT_STATS_EXPORT } from './sources/account-stats.export';
import { BACKTEST_TRADES_EXPORT } from './sources/backtest-trades.export';
import { PROFILES_STATS_EXPORT } from './sources/profiles-stats.export';
import { SIGNALS_EXPORT } from './sources/signals.export';

export const EXPORT_SOURCES: Record<ExportedList, ExportSource> = {
  signals: SIGNALS_EXPORT as ExportSource,
  profiles_stats: PROFILES_STATS_EXPORT as ExportSource,
  account_stats: ACCOUNT_STATS_EXPORT as ExportSource,
  backtest_trades: BACKTEST_TRADES_EXPORT as ExportSource,
};

export function exportSourceOf(kind: string): ExportSource | undefined {
  return Object.hasOwn(EXPORT_SOURCES, kind) ? EXPORT_SOURCES[kind as ExportedList] : undefined;
}
