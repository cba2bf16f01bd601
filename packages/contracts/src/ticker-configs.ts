/**
 * Ticker configs: named lists of
 * trading pairs a strategy profile trades. Quoted texts are the spec's; the rest are our own words.
 */
import { FORMATS, type ColumnFormat } from './columns';
import type { ListQueryAccess } from './list-query';
import { defineResource } from './resource';
import type { TickerConfigStatus } from './trading';

export const TICKER_CONFIG_MESSAGES = {
  activeLocked: 'You can not modify active ticker config!',
  titleBlank: 'Type title for you list',
  titleTooLong: 'Title could be maximum 128 symbols',
  statusRequired: 'This field is required',
  statusInvalid: 'Status must be active or inactive.',
  pairsNotActive: 'Pick trading pairs that exist and are switched on.',
  usedByRunningProfile: 'A running strategy profile trades this list. Stop the profile first.',
  usedByProfiles: 'Strategy profiles use this list. Give them another list first.',
} as const;

export const TICKER_CONFIG_TITLE_MAX = 128;

/** The Ticker Config List's own texts and display rules. */
export const TICKER_CONFIG_UI = {
  listEmpty: 'There are no tickers yet...',
  addFormTitle: 'Add Pair List Form',
  dateFormat: 'yyyy-MM-dd HH:mm',
  tickerTooltipDelayMs: 250,
  tickerDropdownMaxHeightPx: 224,
} as const;

/** A list holds at most this many pairs (the exchange lists a few hundred). */
export const TICKER_CONFIG_PAIRS_MAX = 1000;

/** What an operator may set: the engine moves a config through starting and stopping to these. */
export const TICKER_CONFIG_TARGET_STATUSES = ['active', 'inactive'] as const satisfies readonly TickerConfigStatus[];

/**
 * Saved as active and still running (or on its way there): nothing but a switch-off is accepted.
 * The toggle reads Deactivate for these, Activate for the others.
 */
export function isTickerConfigLocked(status: TickerConfigStatus): boolean {
  return status === 'active' || status === 'starting';
}

/** `GET strategies/tickers-configs/?ordering=`: Created and Updated sort; no Limited level exists. */
export const TICKER_CONFIG_LIST_QUERY = {
  filters: {},
  orderings: { created_at: 'created_at', updated_at: 'updated_at' },
} as const satisfies ListQueryAccess;

/** A ticker config as `GET strategies/tickers-configs/` answers it, and its create and update. */
export interface TickerConfig {
  id: number;
  title: string;
  status: TickerConfigStatus;
  /** Trading pair ids, by ticker. */
  pairs: number[];
  /** The tickers of those pairs, in the same order. */
  tickers: string[];
  created_at: string;
  updated_at: string;
}

const TICKER_CONFIG_DATE: ColumnFormat = { kind: 'datetime', pattern: TICKER_CONFIG_UI.dateFormat };

/**
 * The Ticker Config List's columns (the name, tickers and status are edited in the row); the screen adds
 * Removal and Save. The section has no Limited level.
 */
export const TICKER_CONFIG_RESOURCE = defineResource<TickerConfig>()({
  name: 'ticker-configs',
  section: 'tickers_configs',
  query: TICKER_CONFIG_LIST_QUERY,
  columns: [
    { field: 'title', header: 'Config Name', format: FORMATS.text, limited: false },
    { field: 'tickers', header: 'Tickers List', format: FORMATS.text, limited: false },
    { field: 'status', header: 'Status', format: FORMATS.text, limited: false },
    { field: 'created_at', header: 'Created', format: TICKER_CONFIG_DATE, limited: false },
    { field: 'updated_at', header: 'Updated', format: TICKER_CONFIG_DATE, limited: false },
  ],
});

/**
 * Pulls tickers out of pasted text (the paste-only field): alphanumeric tokens, upper-cased, kept only
 * when they name a known active pair, each once, in the order pasted.
 */
export function tickersFromPaste(text: string, activeTickers: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  for (const token of text.toUpperCase().match(/[A-Z0-9]+/g) ?? []) {
    if (activeTickers.has(token)) found.add(token);
  }
  return [...found];
}
