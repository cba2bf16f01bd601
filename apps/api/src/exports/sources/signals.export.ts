import { SIGNAL_RESOURCE } from '@console/contracts';
import { SIGNAL_ROWS } from '../../access/row-scopes';
import { SIGNAL_LIST, signalListQuery, toSignalRow } from '../../signals/signals.list';
import type { SignalsQuery } from '../../signals/signals.dto';
import { exportColumns, type ExportSource, type ListRow } from '../export-source';

/** The signals list as the Signals screen filters it, row for row as `GET signals/signals/` answers. */
export const SIGNALS_EXPORT: ExportSource<SignalsQuery> = {
  kind: 'signals',
  list: SIGNAL_LIST,
  rows: SIGNAL_ROWS,
  query: signalListQuery,
  sheet: 'Signals',
  columns: exportColumns(SIGNAL_RESOURCE),
  toAnswer: (row) => toSignalRow(row as Parameters<typeof toSignalRow>[0]) as unknown as ListRow,
};
