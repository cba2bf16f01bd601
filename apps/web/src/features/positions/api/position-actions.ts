import { useQueryClient } from '@tanstack/react-query';
import { API_PATHS, type Direction, type EngineCommandState } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useCommandMutation, type CommandSend } from '../../../api/command-mutation';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

/**
 * Every action of the screen, each an engine command the API answers at once (202): the rows then show
 * CHANGING or CLOSING until the engine is done. Reduce, skip check and k-exit recovery address the
 * position; the closes live under signals and address the position's signal; the bulk actions take
 * signal ids (docs/decisions/positions-and-risk-control.md).
 */
export type PositionAction =
  | { kind: 'reduce'; positionId: string; percent: number }
  | { kind: 'bulkReduce'; signalsIds: number[]; percent: number }
  | { kind: 'skipCheck'; positionId: string; flags: { skip_check_by_timer?: boolean; skip_check_by_distance?: boolean } }
  | { kind: 'recoverKExit'; positionId: string }
  | { kind: 'closeMarket'; signalId: string }
  | { kind: 'bulkCloseMarket'; signalsIds: number[] }
  | { kind: 'closeLimit'; signalId: string; coefficient: number }
  | { kind: 'closeBestLimit'; signalId: string }
  | { kind: 'bulkCloseBestLimit'; signalsIds: number[] }
  | { kind: 'closeLost'; pair: number; side: Direction; quantity: number };

export function runPositionAction(client: ApiClient, action: PositionAction, send?: CommandSend): Promise<EngineCommandState | EngineCommandState[]> {
  switch (action.kind) {
    case 'reduce':
      return client.post(API_PATHS.reducePosition(action.positionId), { percent: action.percent }, send);
    case 'bulkReduce':
      return client.post(API_PATHS.bulkReducePosition, { signals_ids: action.signalsIds, percent: action.percent }, send);
    case 'skipCheck':
      return client.put(API_PATHS.skipCheckKExit(action.positionId), action.flags, send);
    case 'recoverKExit':
      return client.post(API_PATHS.recoverKExit(action.positionId), undefined, send);
    case 'closeMarket':
      return client.post(API_PATHS.closeMarket(action.signalId), undefined, send);
    case 'bulkCloseMarket':
      return client.post(API_PATHS.bulkCloseMarket, { signals_ids: action.signalsIds }, send);
    case 'closeLimit':
      return client.post(API_PATHS.closeLimit(action.signalId), { coefficient: action.coefficient }, send);
    case 'closeBestLimit':
      return client.post(API_PATHS.closeBestLimit(action.signalId), undefined, send);
    case 'bulkCloseBestLimit':
      return client.post(API_PATHS.bulkCloseBestLimit, { signals_ids: action.signalsIds }, send);
    case 'closeLost':
      return client.post(API_PATHS.closeLostPosition, { pair: action.pair, side: action.side, quantity: action.quantity }, send);
  }
}

export function usePositionAction() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useCommandMutation({
    mutationFn: (action: PositionAction, send) => runPositionAction(client, action, send),
    // A position's close or reduce changes its signal too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.positions.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.lostPositions.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.signals.all }),
      ]),
  });
}
