import { useState, type ReactNode } from 'react';
import { PageTitle } from '../../../ui/PageTitle';
import { SectionTabs } from '../../../ui/SectionTabs';
import { DataTable, type DataTableProps } from '../../../ui/table/DataTable';
import { useTableParams } from '../../../ui/table/use-table-params';
import { withDefaultUntil } from './StatsFilters';
import { StatsTabs, type StatsTab } from './figure-columns';

/**
 * What both stats tables keep: their page and filters in the URL (the period ending today unless set),
 * the figures tab shown, and the parameters of their export (the applied filters and the table's order).
 */
export function useStatsTable<K extends string>(pageSize: number, filterKeys: readonly K[]) {
  const params = useTableParams({ options: [20, 50, 100], default: pageSize }, filterKeys);
  const filters = withDefaultUntil(params.filters);
  const [tab, setTab] = useState<StatsTab>('Results');
  return {
    params,
    filters,
    query: withDefaultUntil(params.query),
    tab,
    setTab,
    set: (changes: Record<string, string>) => params.setFilters({ ...params.filters, ...changes }),
    exportParams: params.ordering ? { ...filters, ordering: params.ordering } : filters,
  };
}

export type StatsTableState = ReturnType<typeof useStatsTable>;

/** A statistics list's answer as its query hook gives it. */
interface StatsAnswer<Row> {
  data?: { results: Row[]; count: number };
  isPending: boolean;
  error: unknown;
}

/** A stats table: the list's rows in the shared table, paged and sorted through the URL. */
export function StatsList<Row extends { id: number }>({
  table,
  stats,
  ...props
}: { table: StatsTableState; stats: StatsAnswer<Row> } & Pick<DataTableProps<Row>, 'columns' | 'emptyText' | 'sortingAllowed' | 'toolbar' | 'testId'>) {
  return (
    <DataTable
      {...props}
      rows={stats.data?.results}
      count={stats.data?.count}
      rowKey={(row) => row.id}
      params={table.params}
      isLoading={stats.isPending}
      error={stats.error}
    />
  );
}

/** A stats screen: the stats tabs bar, its title, the figures tabs, then its table. */
export function StatsScreen({ title, tab, onTab, children }: { title: string; tab: StatsTab; onTab: (tab: StatsTab) => void; children: ReactNode }) {
  return (
    <>
      <SectionTabs bar="stats" />
      <PageTitle>{title}</PageTitle>
      <StatsTabs tab={tab} onChange={onTab} />
      {children}
    </>
  );
}
