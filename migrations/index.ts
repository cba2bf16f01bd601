/** Every migration, in order. A new migration is added here and never edited once landed. */
import { CreateAccessAndAudit1732262400000 } from './1732262400000-CreateAccessAndAudit';
import { CreateExchangeAccounts1732348800000 } from './1732348800000-CreateExchangeAccounts';
import { CreateNotificationsAndTelegram1732435200000 } from './1732435200000-CreateNotificationsAndTelegram';
import { CreatePairs1732521600000 } from './1732521600000-CreatePairs';
import { CreateInvestorReportSchedules1732608000000 } from './1732608000000-CreateInvestorReportSchedules';
import { CreateLogProfiles1732694400000 } from './1732694400000-CreateLogProfiles';
import { AddLogsCombinedFilterIndexes1732780800000 } from './1732780800000-AddLogsCombinedFilterIndexes';
import { AddTelegramOutboxSendKey1732867200000 } from './1732867200000-AddTelegramOutboxSendKey';
import { RebuildInvalidLogsFilterIndexes1732953600000 } from './1732953600000-RebuildInvalidLogsFilterIndexes';
import { CreateTickerConfigsAndMmProfiles1733040000000 } from './1733040000000-CreateTickerConfigsAndMmProfiles';
import { CreateStrategyProfiles1733126400000 } from './1733126400000-CreateStrategyProfiles';
import { CreateSignalsOrdersPositions1733212800000 } from './1733212800000-CreateSignalsOrdersPositions';
import { CreateAccountMetricsAndRiskTriggers1733299200000 } from './1733299200000-CreateAccountMetricsAndRiskTriggers';
import { CreateBotStatusExportsAndEngineCommands1733385600000 } from './1733385600000-CreateBotStatusExportsAndEngineCommands';
import { AddSignalsOrdersFilterIndexes1733558400000 } from './1733558400000-AddSignalsOrdersFilterIndexes';
import { CreateStatisticsRollups1733731200000 } from './1733731200000-CreateStatisticsRollups';
import { AddExportTaskProgressAndExpiry1733817600000 } from './1733817600000-AddExportTaskProgressAndExpiry';
import { AddSessionDetailsAndSignInIndex1733990400000 } from './1733990400000-AddSessionDetailsAndSignInIndex';
import { CreateEngineState1734048000000 } from './1734048000000-CreateEngineState';
import { AddRequestIds1734134400000 } from './1734134400000-AddRequestIds';
import { PartitionLogsAndAccountMetrics1734220800000 } from './1734220800000-PartitionLogsAndAccountMetrics';
import { AddExportTaskQueuedState1734307200000 } from './1734307200000-AddExportTaskQueuedState';
import { CoverSignalStatusInCreatedAtIndex1734393600000 } from './1734393600000-CoverSignalStatusInCreatedAtIndex';
import { AddExportTaskCancelledState1734480000000 } from './1734480000000-AddExportTaskCancelledState';
import { AddExportTaskLane1734566400000 } from './1734566400000-AddExportTaskLane';
import { AddOpenPositionLookupIndexes1734652800000 } from './1734652800000-AddOpenPositionLookupIndexes';
import { CoverSignalExecutionInCreatedAtIndex1734739200000 } from './1734739200000-CoverSignalExecutionInCreatedAtIndex';
import { AddUnfilledSignalsIndex1734825600000 } from './1734825600000-AddUnfilledSignalsIndex';
import { CreateApiTokens1734912000000 } from './1734912000000-CreateApiTokens';
import { CreateCandleStore1735084800000 } from './1735084800000-CreateCandleStore';
import { GrantMarketDataToExchangeAccountHolders1735128000000 } from './1735128000000-GrantMarketDataToExchangeAccountHolders';
import { CreateStrategyProfileAlerts1735200000000 } from './1735200000000-CreateStrategyProfileAlerts';
import { AddCommandLeasesAndLostPositionEnd1735372800000 } from './1735372800000-AddCommandLeasesAndLostPositionEnd';
import { CreateBacktests1735459200000 } from './1735459200000-CreateBacktests';
import { GrantBacktestsToProfileHolders1735460200000 } from './1735460200000-GrantBacktestsToProfileHolders';
import { AddExchangeAccountMarket1735545600000 } from './1735545600000-AddExchangeAccountMarket';
import { CreateCandleDownloads1735545601000 } from './1735545601000-CreateCandleDownloads';
import { CreateAlertChannels1735632000000 } from './1735632000000-CreateAlertChannels';
import { CreateTelegramLinks1735804800000 } from './1735804800000-CreateTelegramLinks';
import { CreateTelegramUpdates1735804801000 } from './1735804801000-CreateTelegramUpdates';
import { AddExchangeAccountModeAndApiUrl1735977600000 } from './1735977600000-AddExchangeAccountModeAndApiUrl';
import { CreateDailyReports1736150400000 } from './1736150400000-CreateDailyReports';
import { AddBacktestExchange1736236800000 } from './1736236800000-AddBacktestExchange';
import { AddBacktestTradesExportKind1736236800001 } from './1736236800001-AddBacktestTradesExportKind';
import { CreateEngineAlertState1736323200000 } from './1736323200000-CreateEngineAlertState';
import { AddTelegramConfirmationCommandIds1736323200001 } from './1736323200001-AddTelegramConfirmationCommandIds';

export const MIGRATIONS = [
  CreateAccessAndAudit1732262400000,
  CreateExchangeAccounts1732348800000,
  CreateNotificationsAndTelegram1732435200000,
  CreatePairs1732521600000,
  CreateInvestorReportSchedules1732608000000,
  CreateLogProfiles1732694400000,
  AddLogsCombinedFilterIndexes1732780800000,
  AddTelegramOutboxSendKey1732867200000,
  RebuildInvalidLogsFilterIndexes1732953600000,
  CreateTickerConfigsAndMmProfiles1733040000000,
  CreateStrategyProfiles1733126400000,
  CreateSignalsOrdersPositions1733212800000,
  CreateAccountMetricsAndRiskTriggers1733299200000,
  CreateBotStatusExportsAndEngineCommands1733385600000,
  AddSignalsOrdersFilterIndexes1733558400000,
  CreateStatisticsRollups1733731200000,
  AddExportTaskProgressAndExpiry1733817600000,
  AddSessionDetailsAndSignInIndex1733990400000,
  CreateEngineState1734048000000,
  AddRequestIds1734134400000,
  PartitionLogsAndAccountMetrics1734220800000,
  AddExportTaskQueuedState1734307200000,
  CoverSignalStatusInCreatedAtIndex1734393600000,
  AddExportTaskCancelledState1734480000000,
  AddExportTaskLane1734566400000,
  AddOpenPositionLookupIndexes1734652800000,
  CoverSignalExecutionInCreatedAtIndex1734739200000,
  AddUnfilledSignalsIndex1734825600000,
  CreateApiTokens1734912000000,
  CreateCandleStore1735084800000,
  GrantMarketDataToExchangeAccountHolders1735128000000,
  CreateStrategyProfileAlerts1735200000000,
  AddCommandLeasesAndLostPositionEnd1735372800000,
  CreateBacktests1735459200000,
  GrantBacktestsToProfileHolders1735460200000,
  AddExchangeAccountMarket1735545600000,
  CreateCandleDownloads1735545601000,
  CreateAlertChannels1735632000000,
  CreateTelegramLinks1735804800000,
  CreateTelegramUpdates1735804801000,
  AddExchangeAccountModeAndApiUrl1735977600000,
  CreateDailyReports1736150400000,
  AddBacktestExchange1736236800000,
  AddBacktestTradesExportKind1736236800001,
  CreateEngineAlertState1736323200000,
  AddTelegramConfirmationCommandIds1736323200001,
];
