import { SIGNAL_RESOURCE } from '@console/contracts';
import { SIGNAL_ROWS } from '../../access/row-scopes';
import { SIGNAL_LIST, signalListQuery } from '../../signals/signals.list';
import type { SignalsQuery } from '../../signals/signals.dto';
import { exportColumns, type ExportSource } from '../export-source';

/**
 * The signals list as the Signals screen filters it, row for row as `GET signals/signals/` answers. Rows go
 * to the sheet as PostgreSQL gives them, without the answer's reshaping (toSignalRow): it only turns the
 * NUMERIC texts into numbers, which the number columns write from their text.
 */
export const SIGNALS_EXPORT: ExportSource<SignalsQuery> = {
  kind: 'signals',
  list: SIGNAL_LIST,
  rows: SIGNAL_ROWS,
  query: signalListQuery,
  sheet: 'Signals',
  columns: exportColumns(SIGNAL_RESOURCE),
};
