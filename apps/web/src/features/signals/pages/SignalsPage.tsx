import { canRead, EXPORT_PATHS, PAGE_SIZES } from '@console/contracts';
import { useMemo } from 'react';
import { useAuthState } from '../../../api/context';
import { ExportButton } from '../../../ui/export/ExportButton';
import { PageTitle } from '../../../ui/PageTitle';
import { SectionTabs } from '../../../ui/SectionTabs';
import { useTableParams } from '../../../ui/table/use-table-params';
import { SignalsTable } from '../components/SignalsTable';
import { TRADING_FILTER_KEYS } from '../../../ui/trading-filters/TradingFilters';

/** Signals & orders → Signals, with the Export of the applied filters and order. */
export function SignalsPage() {
  const { user } = useAuthState();
  // The table keeps its applied filters in the query string; the export reads the same ones.
  const { filters, ordering } = useTableParams(PAGE_SIZES.signals, TRADING_FILTER_KEYS);
  const exportParams = useMemo(() => (ordering ? { ...filters, ordering } : filters), [filters, ordering]);
  return (
    <>
      <SectionTabs bar="signalsAndOrders" />
      <PageTitle>Signals</PageTitle>
      <SignalsTable actions={canRead(user?.group, 'signals_export') ? <ExportButton calls={EXPORT_PATHS.signals} params={exportParams} /> : undefined} />
    </>
  );
}
