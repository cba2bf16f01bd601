import { useState } from 'react';
import { useRowActions } from '../../../ui/table/use-row-actions';
import { useToast } from '../../../ui/toast/ToastProvider';
import type { Position } from '../api/get-positions';
import { usePositionAction, type PositionAction } from '../api/position-actions';
import { splitSelection, type RowAction } from './position-rules';

/** What the administration page is about to do, once its dialog is answered. */
export type Pending =
  | { kind: 'reduce'; rows: Position[] }
  | { kind: 'closeLimit'; row: Position }
  | { kind: 'confirm'; title: string; text: string; label: string; actions: PositionAction[]; rowIds: string[] };

export const names = (rows: Position[]) => rows.map((row) => row.ticker ?? row.id).join(', ');

/** Actions whose failures are only logged, never shown. */
const ONLY_LOGGED: ReadonlySet<PositionAction['kind']> = new Set(['skipCheck', 'recoverKExit']);

/** Market closes of these rows: one position alone takes the single close, addressed by its signal. */
export function closeMarketActions(targets: Position[]): PositionAction[] {
  const { signalsIds, lost } = splitSelection(targets);
  const out: PositionAction[] = [];
  if (signalsIds.length === 1 && targets.length === 1) out.push({ kind: 'closeMarket', signalId: String(signalsIds[0]) });
  else if (signalsIds.length) out.push({ kind: 'bulkCloseMarket', signalsIds });
  for (const row of lost) out.push({ kind: 'closeLost', pair: row.pair_id!, side: row.side!, quantity: row.active_p_coins! });
  return out;
}

/** The picked rows, the action waiting for its dialog, and sending actions on the rows' locks. */
export function usePositionCommands() {
  const toast = useToast();
  const action = usePositionAction();
  const { busy, run } = useRowActions();
  const [selected, setSelected] = useState<ReadonlyMap<string, Position>>(new Map());
  const [pending, setPending] = useState<Pending | null>(null);

  const toggleSelected = (row: Position) =>
    setSelected((previous) => {
      const next = new Map(previous);
      if (next.has(row.id)) next.delete(row.id);
      else next.set(row.id, row);
      return next;
    });

  /**
   * Runs the actions one after another on their rows' locks; a refusal is a toast, except for skip checks
   * and k-exit recovery, whose failures are only logged.
   */
  const send = async (actions: PositionAction[], rowIds: string[], done?: string) => {
    const key = Number(rowIds[0] ?? 0);
    const report = actions.every((one) => ONLY_LOGGED.has(one.kind)) ? 'log' : 'toast';
    await run(
      key,
      async () => {
        for (const one of actions) await action.mutateAsync(one);
        if (done) toast.success(done);
        setSelected(new Map());
      },
      undefined,
      report,
    );
  };

  const onAction = (kind: RowAction, row: Position) => {
    if (kind === 'reduce') return setPending({ kind: 'reduce', rows: [row] });
    if (kind === 'recoverKExit')
      return setPending({ kind: 'confirm', title: 'Recover k-exit', text: `Recover the k-exit of ${names([row])}?`, label: 'Recover', actions: [{ kind: 'recoverKExit', positionId: row.id }], rowIds: [row.id] });
    if (kind === 'closeLimit') return setPending({ kind: 'closeLimit', row });
    if (kind === 'closeMarket')
      return setPending({ kind: 'confirm', title: 'Close market', text: `Close ${names([row])} at market?`, label: 'Close', actions: closeMarketActions([row]), rowIds: [row.id] });
    // The best-limit close addresses the position's signal (rowActions offers it only to a row that has one).
    const signalId = row.signal_id;
    if (kind === 'bestLimit' && signalId)
      setPending({ kind: 'confirm', title: 'Best limit close', text: `Close ${names([row])} with a best-limit order?`, label: 'Close', actions: [{ kind: 'closeBestLimit', signalId }], rowIds: [row.id] });
  };

  const onSkipCheck = (row: Position, flag: 'skip_check_by_timer' | 'skip_check_by_distance', value: boolean) =>
    void send([{ kind: 'skipCheck', positionId: row.id, flags: { [flag]: value } }], [row.id]);

  return { busy, selected, setSelected, toggleSelected, pending, setPending, send, onAction, onSkipCheck };
}
