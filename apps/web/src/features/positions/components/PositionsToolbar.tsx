import { Button, TextField } from '@mui/material';
import { useState } from 'react';
import type { PositionAction as Gate } from '@console/contracts';
import type { Position, PositionsTab } from '../api/get-positions';
import { closeMarketActions, names, type Pending } from './use-position-commands';
import { isLost } from './position-rules';

interface Props {
  tab: PositionsTab;
  rows: Position[];
  picked: Position[];
  initialTicker: string;
  onTicker: (ticker: string) => void;
  may: (gate: Gate) => boolean;
  onPending: (pending: Pending) => void;
}

/** Above the positions table: the ticker filter and the actions on the picked rows or the whole page. */
export function PositionsToolbar({ tab, rows, picked, initialTicker, onTicker, may, onPending }: Props) {
  const [ticker, setTicker] = useState(initialTicker);
  const regularPicked = picked.filter((row) => !isLost(row));
  const allRegular = rows.filter((row) => !isLost(row) && row.signal_id);
  return (
    <>
      <TextField
        size="small"
        label="Ticker"
        value={ticker}
        onChange={(event) => setTicker(event.target.value)}
        onKeyDown={(event) => event.key === 'Enter' && onTicker(ticker.trim())}
        onBlur={() => onTicker(ticker.trim())}
        sx={{ width: 150 }}
      />
      {may('reduce') && regularPicked.length > 0 && (
        <Button variant="outlined" size="small" onClick={() => onPending({ kind: 'reduce', rows: regularPicked })}>
          Reduce picked ({regularPicked.length})
        </Button>
      )}
      {may('closeMarket') && picked.length > 0 && (
        <Button
          variant="outlined"
          size="small"
          color="error"
          onClick={() => onPending({ kind: 'confirm', title: 'Close market', text: `Close ${names(picked)} at market?`, label: 'Close', actions: closeMarketActions(picked), rowIds: picked.map((r) => r.id) })}
        >
          Close market picked ({picked.length})
        </Button>
      )}
      {may('bestLimit') && tab === 'positions' && allRegular.length > 0 && (
        <Button
          variant="outlined"
          size="small"
          onClick={() =>
            onPending({
              kind: 'confirm',
              title: 'Best limit close',
              text: `Close all ${allRegular.length} positions of this page with best-limit orders?`,
              label: 'Close all',
              actions: [{ kind: 'bulkCloseBestLimit', signalsIds: allRegular.map((r) => Number(r.signal_id)) }],
              rowIds: allRegular.map((r) => r.id),
            })
          }
        >
          Best limit all
        </Button>
      )}
    </>
  );
}
