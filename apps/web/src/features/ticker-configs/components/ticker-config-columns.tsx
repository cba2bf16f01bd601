import { Box, Button, Chip, TextField } from '@mui/material';
import { TICKER_CONFIG_RESOURCE, TICKER_CONFIG_TITLE_MAX, type PairOption, type Perm, type TickerConfig } from '@console/contracts';
import type { Column } from '../../../ui/table/DataTable';
import { declaredColumns } from '../../../ui/table/declared-columns';
import { TickersCell } from './TickersCell';
import { tickerToggle } from './ticker-rules';

/** A row's unsaved edits: a new title, pasted pairs, or both; Save sends them. */
export interface RowDraft {
  title?: string;
  pairs?: PairOption[];
}

interface Options {
  perm: Perm;
  writable: boolean;
  drafts: Record<number, RowDraft>;
  busy: ReadonlySet<number>;
  /** Pasting waits for the active pairs. */
  canPaste: boolean;
  editDraft: (id: number, change: RowDraft) => void;
  onPaste: (config: TickerConfig) => void;
  onToggle: (config: TickerConfig, target: ReturnType<typeof tickerToggle>['target']) => void;
  onDelete: (config: TickerConfig) => void;
  onSave: (config: TickerConfig) => void;
}

/**
 * The declared columns, Created and Updated sortable; the name, tickers and status are edited in the row,
 * and a writer gets Delete and Save at its end.
 */
export function tickerConfigColumns({ perm, writable, drafts, busy, canPaste, editDraft, onPaste, onToggle, onDelete, onSave }: Options): Column<TickerConfig>[] {
  const columns = declaredColumns(TICKER_CONFIG_RESOURCE, perm, {
    render: {
      title: (config) =>
        writable ? (
          <TextField
            size="small"
            value={drafts[config.id]?.title ?? config.title}
            onChange={(event) => editDraft(config.id, { title: event.target.value })}
            slotProps={{ htmlInput: { maxLength: TICKER_CONFIG_TITLE_MAX, 'aria-label': 'Config name' } }}
            sx={{ minWidth: 160 }}
          />
        ) : (
          config.title
        ),
      tickers: (config) => {
        const pasted = drafts[config.id]?.pairs;
        return (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <TickersCell tickers={pasted ? pasted.map((pair) => pair.ticker) : config.tickers} />
            {writable && (
              <Button size="small" disabled={!canPaste} onClick={() => onPaste(config)}>
                Paste
              </Button>
            )}
          </Box>
        );
      },
      status: (config) => {
        const toggle = tickerToggle(config.status);
        return (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Chip size="small" label={config.status} color={config.status === 'active' ? 'success' : 'default'} variant="outlined" />
            {writable && (
              <Button size="small" disabled={busy.has(config.id)} onClick={() => onToggle(config, toggle.target)}>
                {toggle.label}
              </Button>
            )}
          </Box>
        );
      },
    },
  });
  if (!writable) return columns;
  return [
    ...columns,
    {
      field: 'removal',
      header: 'Removal',
      render: (config) => (
        <Button size="small" color="error" disabled={busy.has(config.id)} onClick={() => onDelete(config)}>
          Delete
        </Button>
      ),
    },
    {
      field: 'save',
      header: 'Save',
      render: (config) => (
        <Button size="small" variant="outlined" disabled={busy.has(config.id)} onClick={() => onSave(config)}>
          Save
        </Button>
      ),
    },
  ];
}
