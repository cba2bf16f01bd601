import type { ListDeclaration } from '../../common/list-query/list-declaration';
import type { SchedulesQuery } from './investor-reports.dto';

/** One schedule entry as the API answers it (times as HH:MM:SS). */
export const SCHEDULE_COLUMNS = `id, schedule_type, to_char(investor_report_time, 'HH24:MI:SS') AS investor_report_time,
  to_char(coalesce(local_investor_report_time, investor_report_time), 'HH24:MI:SS') AS local_investor_report_time, schedule_crontab`;

/** The investor report schedule entries, oldest first (a handful). */
export const SCHEDULE_LIST: ListDeclaration<SchedulesQuery> = {
  name: 'investor report schedules',
  from: 'investor_report_schedules',
  columns: SCHEDULE_COLUMNS,
  key: 'investor_report_schedules.id',
  filters: {},
  orderings: {},
  defaultOrder: [{ column: 'investor_report_schedules.id' }],
  defaultPageSize: 100,
  count: { kind: 'exact' },
};
