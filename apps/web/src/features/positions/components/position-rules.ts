import { closeCoefficientProblem, mayRunPositionAction, POSITION_MESSAGES as M, REDUCE_PERCENT, type Perm, type PositionAction } from '@console/contracts';
import type { Position } from '../api/get-positions';

const decimalsOf = (text: string) => (text.includes('.') ? text.split('.')[1].length : 0);

/** Reduce percent: required, more than 0 and less than 100, 2 decimals, as the API checks it. */
export function reducePercentError(raw: string): string | true {
  const text = raw.trim();
  if (text === '') return M.reducePercentRequired;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= REDUCE_PERCENT.min || value >= REDUCE_PERCENT.max || decimalsOf(text) > REDUCE_PERCENT.decimals) return M.reducePercentRange;
  return true;
}

/** The limit close coefficient: the contracts' one rule, as the API checks it. */
export function coefficientError(raw: string): string | true {
  return closeCoefficientProblem(raw) ?? true;
}

/**
 * A lost position was found on the exchange without a signal (and has no state). signal_id is an identity
 * key every group sees; state may be a column a Limited group does not.
 */
export const isLost = (row: Position) => row.signal_id === null || row.state === null;

/** Selected positions split for a market close: regular ones by signal, lost ones one by one. */
export function splitSelection(rows: readonly Position[]): { signalsIds: number[]; lost: Position[] } {
  return {
    signalsIds: rows.filter((row) => !isLost(row) && row.signal_id).map((row) => Number(row.signal_id)),
    lost: rows.filter(isLost),
  };
}

export type RowAction = 'reduce' | 'closeMarket' | 'closeLimit' | 'bestLimit' | 'recoverKExit';

/**
 * The actions a row offers the user: a lost position only a market close; each needs its gate at Limited.
 * The closes address the position's signal, so a row without one offers none of them.
 */
export function rowActions(perm: Perm, row: Position): RowAction[] {
  if (row.action_state === 'CLOSING') return [];
  const allowed = (action: PositionAction) => mayRunPositionAction(perm, action);
  if (isLost(row)) return allowed('closeLost') ? ['closeMarket'] : [];
  const closable = !!row.signal_id;
  const actions: RowAction[] = [];
  if (allowed('reduce')) actions.push('reduce');
  if (closable && allowed('closeMarket')) actions.push('closeMarket');
  if (closable && allowed('closeLimit')) actions.push('closeLimit');
  if (closable && allowed('bestLimit')) actions.push('bestLimit');
  if (allowed('recoverKExit')) actions.push('recoverKExit');
  return actions;
}

export const ROW_ACTION_LABELS: Record<RowAction, string> = {
  reduce: 'Reduce',
  closeMarket: 'Close market',
  closeLimit: 'Close limit',
  bestLimit: 'Best limit',
  recoverKExit: 'Recover k-exit',
};
