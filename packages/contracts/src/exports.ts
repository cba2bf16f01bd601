/**
 * xlsx exports: the client starts a task, polls its state every 3 s and downloads
 * the file on SUCCESS; its requester may cancel it until then. The kinds, the states, the file names and the paths, for the API and the SPA.
 */
import type { SectionName } from './sections';
import type { ExportKind, ExportStatus } from './trading';

/** The kinds with an export call (orders have none in the spec). */
export const EXPORTED_LISTS = ['signals', 'profiles_stats', 'account_stats', 'backtest_trades'] as const satisfies readonly ExportKind[];
export type ExportedList = (typeof EXPORTED_LISTS)[number];

/** The poll interval of a running export. */
export const EXPORT_POLL_INTERVAL_MS = 3000;

/** `GET …/celery-result/{id}/`, and the answer of `POST …/export-cancel/{id}/`. */
export interface ExportTaskAnswer {
  task_status: ExportStatus;
  /** Percent of the rows written, 0 to 100. */
  progress: number;
  /** Set on SUCCESS while the file can still be downloaded. */
  filename: string | null;
  /** The file was deleted after its retention time: export again. */
  expired: boolean;
}

/** `GET …/export/`. */
export interface ExportStartAnswer {
  task_id: string;
}

export const EXPORT_MESSAGES = {
  taskNotFound: 'Export not found.',
  expired: 'This export file has expired. Export again.',
  notReady: 'The export file is not ready yet.',
  failed: 'The export failed. Try again.',
  /** The group now sees less of the list than the file holds (a column, or signals rows). */
  beyondAccess: 'This export holds data your group no longer sees. Export again.',
  /** 429: the user already has as many exports waiting or running as one user may. */
  tooMany: 'You have too many exports in progress. Wait for one to finish, then export again.',
  /** 400: a cancel of a task that has already finished, failed or expired. */
  notCancellable: 'This export has already ended and can no longer be cancelled.',
  /** The cancelled task's state, its file call's refusal and the SPA's notice. */
  cancelled: 'The export was cancelled.',
} as const;

interface ExportKindRules {
  /** The section whose privilege gates the export calls. */
  exportSection: SectionName;
  /** The list's own section: its level decides the rows and columns the file may hold. */
  listSection: SectionName;
  /** The file name before the date. */
  title: string;
  /** The list params that bound the period, for the `from_to` form of the name (none: today's date only). */
  fromParam?: string;
  toParam?: string;
}

export const EXPORT_KIND_RULES: Record<ExportedList, ExportKindRules> = {
  signals: { exportSection: 'signals_export', listSection: 'signals', title: 'Signals report', fromParam: 'created_at_after', toParam: 'created_at_before' },
  profiles_stats: {
    exportSection: 'profiles_stats_export',
    listSection: 'profiles_stats',
    title: 'Profile stats report',
    fromParam: 'created_at__gte',
    toParam: 'created_at__lte',
  },
  account_stats: {
    exportSection: 'account_stats_export',
    listSection: 'account_stats',
    title: 'Account stats report',
    fromParam: 'created_at__gte',
    toParam: 'created_at__lte',
  },
  // A run's trades: the backtests section is both the export's and the list's (it has no export section of its own).
  backtest_trades: { exportSection: 'backtests', listSection: 'backtests', title: 'Backtest trades' },
};

/** A task's calls under its list's path, each followed by `{id}/`. */
export const EXPORT_TASK_CALLS = { result: 'celery-result', file: 'export-file', cancel: 'export-cancel' } as const;
export type ExportTaskCall = keyof typeof EXPORT_TASK_CALLS;

/** A task call's route under the list's path, as the API declares it (`celery-result/:id/`). */
export const exportTaskRoute = (call: ExportTaskCall): string => `${EXPORT_TASK_CALLS[call]}/:id/`;

export interface ExportListPaths {
  /** `GET`: starts a task with the list's query. */
  start: string;
  /** `GET`: the task's state. */
  result: (id: string) => string;
  /** `GET`: the finished file. */
  file: (id: string) => string;
  /** `POST`: cancels a waiting or running task. */
  cancel: (id: string) => string;
}

function exportListPaths(listPath: string, start: string): ExportListPaths {
  const task = (call: ExportTaskCall) => (id: string) => `${listPath}/${EXPORT_TASK_CALLS[call]}/${encodeURIComponent(id)}/`;
  return { start: `${listPath}/${start}`, result: task('result'), file: task('file'), cancel: task('cancel') };
}

export const EXPORT_PATHS: Record<ExportedList, ExportListPaths> = {
  signals: exportListPaths('/signals', 'export/signals/'),
  profiles_stats: exportListPaths('/strategies/profiles-stats', 'export/'),
  account_stats: exportListPaths('/strategies/account-stats', 'export/'),
  /** `?backtest_id=` names the run. */
  backtest_trades: exportListPaths('/backtests/trades', 'export/'),
};

/** dd-MM-yyyy of a date (UTC: the server's dates are UTC). */
export function exportFileDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getUTCDate())}-${pad(date.getUTCMonth() + 1)}-${date.getUTCFullYear()}`;
}

/** A filter's date (ISO text or yyyy-MM-dd) as a Date, or null when absent or not a date. */
function filterDate(value: unknown): Date | null {
  if (value === undefined || value === null || value === '') return null;
  const date = new Date(String(value));
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The file's name: '{title} {date}.xlsx' with today's date, or '{title} {from}_{to}.xlsx' when the filters
 * have a from date (to: the filters' own, else today), dates dd-MM-yyyy.
 */
export function exportFilename(kind: ExportedList, filters: Readonly<Record<string, unknown>>, today: Date): string {
  const rules = EXPORT_KIND_RULES[kind];
  const from = rules.fromParam ? filterDate(filters[rules.fromParam]) : null;
  const to = (rules.toParam ? filterDate(filters[rules.toParam]) : null) ?? today;
  const date = from ? `${exportFileDate(from)}_${exportFileDate(to)}` : exportFileDate(today);
  return `${rules.title} ${date}.xlsx`;
}
