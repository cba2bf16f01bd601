/**
 * xlsx exports: the client starts a task, polls its state every 3 s and downloads
 * the file on SUCCESS. The kinds, the states, the file names and the paths, for the API and the SPA.
 */
import type { SectionName } from './sections';
import type { ExportKind, ExportStatus } from './trading';

/** The kinds with an export call (orders have none in the spec). */
export const EXPORTED_LISTS = ['signals', 'profiles_stats', 'account_stats'] as const satisfies readonly ExportKind[];
export type ExportedList = (typeof EXPORTED_LISTS)[number];

/** The poll interval of a running export. */
export const EXPORT_POLL_INTERVAL_MS = 3000;

/** `GET …/celery-result/{id}/`. */
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
} as const;

interface ExportKindRules {
  /** The section whose privilege gates the export calls. */
  exportSection: SectionName;
  /** The list's own section: its level decides the rows and columns the file may hold. */
  listSection: SectionName;
  /** The file name before the date. */
  title: string;
  /** The list params that bound the period, for the `from_to` form of the name. */
  fromParam: string;
  toParam: string;
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
};

export const EXPORT_PATHS: Record<ExportedList, { start: string; result: (id: string) => string; file: (id: string) => string }> = {
  signals: {
    start: '/signals/export/signals/',
    result: (id) => `/signals/celery-result/${encodeURIComponent(id)}/`,
    file: (id) => `/signals/export-file/${encodeURIComponent(id)}/`,
  },
  profiles_stats: {
    start: '/strategies/profiles-stats/export/',
    result: (id) => `/strategies/profiles-stats/celery-result/${encodeURIComponent(id)}/`,
    file: (id) => `/strategies/profiles-stats/export-file/${encodeURIComponent(id)}/`,
  },
  account_stats: {
    start: '/strategies/account-stats/export/',
    result: (id) => `/strategies/account-stats/celery-result/${encodeURIComponent(id)}/`,
    file: (id) => `/strategies/account-stats/export-file/${encodeURIComponent(id)}/`,
  },
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
  const from = filterDate(filters[rules.fromParam]);
  const to = filterDate(filters[rules.toParam]) ?? today;
  const date = from ? `${exportFileDate(from)}_${exportFileDate(to)}` : exportFileDate(today);
  return `${rules.title} ${date}.xlsx`;
}
