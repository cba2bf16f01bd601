import { Button } from '@mui/material';
import { useState } from 'react';
import { canWrite, PAGE_SIZES, permOf, TICKER_CONFIG_UI, type TickerConfig } from '@console/contracts';
import { useAuthState } from '../../../api/context';
import { ConfirmDialog } from '../../../ui/dialog/ConfirmDialog';
import { PageHeader } from '../../../ui/PageTitle';
import { SectionTabs } from '../../../ui/SectionTabs';
import { DataTable } from '../../../ui/table/DataTable';
import { useRowActions } from '../../../ui/table/use-row-actions';
import { useTableParams } from '../../../ui/table/use-table-params';
import { useActivePairs } from '../api/get-active-pairs';
import { useTickerConfigs } from '../api/get-ticker-configs';
import { useDeleteTickerConfig } from '../api/delete-ticker-config';
import { useUpdateTickerConfig } from '../api/save-ticker-config';
import { AddPairListDialog } from '../components/AddPairListDialog';
import { PasteTickersDialog } from '../components/PasteTickersDialog';
import { tickerConfigColumns, type RowDraft } from '../components/ticker-config-columns';

/** Ticker Config List: named pair lists, edited in the row and saved per row. */
export function TickerConfigsPage() {
  const { user } = useAuthState();
  const perm = permOf(user?.group, 'tickers_configs');
  const writable = canWrite(user?.group, 'tickers_configs');
  const params = useTableParams(PAGE_SIZES.generic);
  const configs = useTickerConfigs(params.query);
  const activePairs = useActivePairs();
  const update = useUpdateTickerConfig();
  const remove = useDeleteTickerConfig();

  const [adding, setAdding] = useState(false);
  const [pasting, setPasting] = useState<TickerConfig | null>(null);
  const [deleting, setDeleting] = useState<TickerConfig | null>(null);
  const [drafts, setDrafts] = useState<Record<number, RowDraft>>({});
  // The API's 400 (e.g. the active-list lock) shows as a toast.
  const { busy, run } = useRowActions();

  const editDraft = (id: number, change: RowDraft) => setDrafts((previous) => ({ ...previous, [id]: { ...previous[id], ...change } }));

  const save = (config: TickerConfig) => {
    const draft = drafts[config.id] ?? {};
    return run(
      config.id,
      () => update.mutateAsync({ id: config.id, title: draft.title ?? config.title, pairs: draft.pairs ? draft.pairs.map((pair) => pair.id) : config.pairs }),
      () =>
        setDrafts((previous) => {
          const next = { ...previous };
          delete next[config.id];
          return next;
        }),
    );
  };

  const columns = tickerConfigColumns({
    perm,
    writable,
    drafts,
    busy,
    canPaste: Boolean(activePairs.data),
    editDraft,
    onPaste: setPasting,
    onToggle: (config, target) => void run(config.id, () => update.mutateAsync({ id: config.id, status: target })),
    onDelete: setDeleting,
    onSave: (config) => void save(config),
  });

  return (
    <>
      <SectionTabs bar="strategyProfiles" />
      <PageHeader title="Tickers configs">
        <Button variant="contained" disabled={!writable} onClick={() => setAdding(true)}>
          Add
        </Button>
      </PageHeader>
      <DataTable
        columns={columns}
        rows={configs.data?.results}
        count={configs.data?.count}
        rowKey={(config) => config.id}
        params={params}
        emptyText={TICKER_CONFIG_UI.listEmpty}
        isLoading={configs.isPending}
        error={configs.error}
        testId="ticker-configs-table"
      />
      {/* Tickers can be picked once the active pairs are in; the title and status can be filled before. */}
      {adding && <AddPairListDialog activePairs={activePairs.data ?? []} onClose={() => setAdding(false)} />}
      {pasting && activePairs.data && (
        <PasteTickersDialog title={pasting.title} activePairs={activePairs.data} onApply={(pairs) => editDraft(pasting.id, { pairs })} onClose={() => setPasting(null)} />
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete ticker config"
          text={`Delete the ticker config “${deleting.title}”?`}
          confirmLabel="Delete"
          onConfirm={() => void run(deleting.id, () => remove.mutateAsync(deleting.id))}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}
