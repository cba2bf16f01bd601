import SyncIcon from '@mui/icons-material/Sync';
import { Button, Chip, InputAdornment, List, ListItem, ListItemText, Switch, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useState } from 'react';
import { LIMITS, MESSAGES, SETTINGS_UI_TEXTS, type TradingPair } from '@console/contracts';
import { normaliseError } from '../../../api/errors';
import { loadMoreNearBottom } from '../../../ui/scroll/load-more';
import { EllipsisText } from '../../../ui/text/EllipsisText';
import { useToast } from '../../../ui/toast/ToastProvider';
import { usePairs } from '../api/get-pairs';
import { useSyncPairs } from '../api/sync-pairs';
import { useTogglePair } from '../api/toggle-pair';
import { SettingsBlock } from './SettingsBlock';

const ROW_PX = 44;

/** Trading pairs: Sync with the exchange, a toggle per pair, the list scrolls past 10 items. */
export function PairsBlock({ writable }: { writable: boolean }) {
  const toast = useToast();
  const pairs = usePairs();
  const syncPairs = useSyncPairs();
  const togglePair = useTogglePair();
  const [syncing, setSyncing] = useState(false);
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const [search, setSearch] = useState('');

  async function sync() {
    setSyncing(true);
    try {
      const result = await syncPairs.mutateAsync();
      toast.success(SETTINGS_UI_TEXTS.pairsSynced(result.added));
    } catch (e) {
      toast.error(normaliseError(e));
    } finally {
      setSyncing(false);
    }
  }

  async function toggle(pair: TradingPair) {
    setBusy((ids) => new Set(ids).add(pair.id));
    try {
      await togglePair.mutateAsync(pair);
    } catch (e) {
      toast.error(normaliseError(e));
    } finally {
      setBusy((ids) => new Set([...ids].filter((id) => id !== pair.id)));
    }
  }

  const all = pairs.data?.pages.flatMap((page) => page.results) ?? [];
  const needle = search.trim().toUpperCase();
  const shown = needle ? all.filter((p) => p.ticker.includes(needle)) : all;
  const active = all.filter((p) => p.is_active).length;
  return (
    <SettingsBlock
      title="Trading pairs"
      loading={pairs.isPending}
      error={pairs.error}
      actions={writable && (
        <Button variant="contained" size="small" startIcon={<SyncIcon />} disabled={syncing} onClick={sync}>
          {syncing ? 'Syncing…' : 'Sync'}
        </Button>
      )}
    >
      {all.length === 0 ? (
        <Typography color="text.secondary">{MESSAGES.noPairs}</Typography>
      ) : (
        <>
          <TextField size="small" fullWidth placeholder="Search ticker" value={search} onChange={(e) => setSearch(e.target.value)} sx={{ mb: 1 }}
            slotProps={{ htmlInput: { 'aria-label': 'Search ticker' }, input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> } }} />
          <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            {active} of {pairs.data?.pages[0]?.count ?? all.length} active
          </Typography>
          {shown.length === 0 && <Typography color="text.secondary">{SETTINGS_UI_TEXTS.noPairsMatch}</Typography>}
          <List dense disablePadding aria-label="Trading pairs" onScroll={loadMoreNearBottom(pairs)} sx={{ maxHeight: LIMITS.pairsScrollAt * ROW_PX, overflowY: 'auto' }}>
            {shown.map((pair) => (
              <ListItem
                key={pair.id}
                divider
                data-testid="trading-pair"
                // Room for the toggle or chip, which grows to a 44 px touch target on small screens.
                sx={{ height: ROW_PX, pr: 11 }}
                secondaryAction={writable ? (
                  <Switch edge="end" checked={pair.is_active} disabled={busy.has(pair.id)} onChange={() => toggle(pair)} slotProps={{ input: { 'aria-label': `${pair.ticker} active` } }} />
                ) : (
                  <Chip size="small" label={pair.is_active ? 'Active' : 'Inactive'} color={pair.is_active ? 'success' : 'default'} variant="outlined" />
                )}
              >
                <ListItemText sx={{ minWidth: 0 }} primary={<EllipsisText text={pair.ticker} />} />
              </ListItem>
            ))}
          </List>
        </>
      )}
    </SettingsBlock>
  );
}
