import { PAGE_SIZES, type LogFilterField } from '@console/contracts';
import { containsPattern } from '../common/database/like';
import type { ListDeclaration } from '../common/list-query/list-declaration';
import type { LogFilterOptionsQuery } from './log-filters.dto';

const OPTIONS_PAGE_SIZE = PAGE_SIZES.generic.options[1];

/**
 * The options of the logs page's Pair and Profile filters. Pairs come from the pairs table; profiles from
 * log_profiles, a lookup kept by a trigger on logs, so no request scans the log table.
 */
export const LOG_FILTER_OPTION_LISTS: Record<LogFilterField, ListDeclaration<LogFilterOptionsQuery>> = {
  pair: {
    name: 'log pair options',
    from: 'pairs',
    columns: 'pairs.id, pairs.ticker AS name',
    key: 'pairs.id',
    filters: { id: { column: 'pairs.id' }, search: { column: 'pairs.ticker', op: 'contains' } },
    orderings: {},
    defaultOrder: [{ column: 'pairs.ticker' }],
    defaultPageSize: OPTIONS_PAGE_SIZE,
    count: { kind: 'exact' },
  },
  profile: {
    name: 'log profile options',
    from: 'log_profiles',
    columns: `log_profiles.id, coalesce(log_profiles.title, 'Profile #' || log_profiles.id) AS name`,
    key: 'log_profiles.id',
    filters: {
      id: { column: 'log_profiles.id' },
      // A profile is found by its title, or by its id typed into the same box.
      search: {
        column: 'log_profiles.title',
        op: 'custom',
        condition: (value, bind) => {
          const text = String(value).trim();
          if (!text) return null;
          const byTitle = `log_profiles.title ILIKE ${bind(containsPattern(text))}`;
          return /^\d{1,9}$/.test(text) ? `${byTitle} OR log_profiles.id = ${bind(Number(text))}` : byTitle;
        },
      },
    },
    orderings: {},
    defaultOrder: [{ column: `coalesce(log_profiles.title, 'Profile #' || log_profiles.id)` }],
    defaultPageSize: OPTIONS_PAGE_SIZE,
    count: { kind: 'exact' },
  },
};
