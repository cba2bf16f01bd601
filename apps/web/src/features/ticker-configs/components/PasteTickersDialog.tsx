import { Box, Button, Chip, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useId, useState, type ClipboardEvent, type FormEvent, type KeyboardEvent } from 'react';
import { TICKER_CONFIG_UI, type PairOption } from '@console/contracts';
import { ResponsiveDialog } from '../../../ui/dialog/ResponsiveDialog';
import { pairsFromPaste } from './ticker-rules';

/** Keys that change nothing: moving about, selecting, and the paste and copy shortcuts. */
function changesText(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  return event.key.length === 1 || event.key === 'Backspace' || event.key === 'Delete' || event.key === 'Enter';
}

/**
 * The row's paste-tickers modal: typing is refused, a paste replaces the list with the known active
 * tickers it names. Apply hands the pairs to the row, which the row's Save sends.
 */
export function PasteTickersDialog({
  title,
  activePairs,
  onApply,
  onClose,
}: {
  title: string;
  activePairs: readonly PairOption[];
  onApply: (pairs: PairOption[]) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const [pasted, setPasted] = useState<PairOption[] | null>(null);

  function paste(event: ClipboardEvent) {
    event.preventDefault();
    setPasted(pairsFromPaste(event.clipboardData.getData('text'), activePairs));
  }

  return (
    <ResponsiveDialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Paste tickers: {title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>Paste a list of tickers in any format; only known active tickers are kept, each once.</DialogContentText>
        <TextField
          label="Paste tickers here"
          multiline
          minRows={3}
          fullWidth
          value={pasted?.map((pair) => pair.ticker).join(', ') ?? ''}
          onPaste={paste}
          onKeyDown={(event) => changesText(event) && event.preventDefault()}
          onBeforeInput={(event: FormEvent) => event.preventDefault()}
          onDrop={(event) => event.preventDefault()}
          slotProps={{ htmlInput: { 'data-testid': 'paste-tickers-input' } }}
        />
        {pasted && (
          <Box sx={{ mt: 2, display: 'flex', flexWrap: 'wrap', gap: 0.5, maxHeight: TICKER_CONFIG_UI.tickerDropdownMaxHeightPx, overflowY: 'auto' }} data-testid="pasted-tickers">
            {pasted.length === 0 ? <DialogContentText>No known active tickers in the pasted text.</DialogContentText> : pasted.map((pair) => <Chip key={pair.id} size="small" label={pair.ticker} />)}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!pasted}
          onClick={() => {
            if (pasted) onApply(pasted);
            onClose();
          }}
        >
          Apply
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
