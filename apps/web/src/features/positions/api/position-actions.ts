import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, type Direction, type EngineCommandState } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';

/**
 * Every action of the screen, each an engine command the API answers at once (202): the rows then show
 * CHANGING or CLOSING until the engine is done. Single actions take the position id, bulk ones the
 * signal ids (docs/decisions.md); the close calls live under signals (trading.md 7).
 */
export type PositionAction =
  | { kind: 'reduce'; id: string; percent: number }
  | { kind: 'bulkReduce'; signalsIds: number[]; percent: number }
  | { kind: 'skipCheck'; id: string; flags: { skip_check_by_timer?: boolean; skip_check_by_distance?: boolean } }
  | { kind: 'recoverKExit'; id: string }
  | { kind: 'closeMarket'; id: string }
  | { kind: 'bulkCloseMarket'; signalsIds: number[] }
  | { kind: 'closeLimit'; id: string; coefficient: number }
  | { kind: 'closeBestLimit'; id: string }
  | { kind: 'bulkCloseBestLimit'; signalsIds: number[] }
  | { kind: 'closeLost'; pair: number; side: Direction; quantity: number };

export function runPositionAction(client: ApiClient, action: PositionAction): Promise<EngineCommandState | EngineCommandState[]> {
  switch (action.kind) {
    case 'reduce':
      return client.post(API_PATHS.reducePosition(action.id), { percent: action.percent });
    case 'bulkReduce':
      return client.post(API_PATHS.bulkReducePosition, { signals_ids: action.signalsIds, percent: action.percent });
    case 'skipCheck':
      return client.put(API_PATHS.skipCheckKExit(action.id), action.flags);
    case 'recoverKExit':
      return client.post(API_PATHS.recoverKExit(action.id));
    case 'closeMarket':
      return client.post(API_PATHS.closeMarket(action.id));
    case 'bulkCloseMarket':
      return client.post(API_PATHS.bulkCloseMarket, { signals_ids: action.signalsIds });
    case 'closeLimit':
      return client.post(API_PATHS.closeLimit(action.id), { coefficient: action.coefficient });
    case 'closeBestLimit':
      return client.post(API_PATHS.closeBestLimit(action.id));
    case 'bulkCloseBestLimit':
      return client.post(API_PATHS.bulkCloseBestLimit, { signals_ids: action.signalsIds });
    case 'closeLost':
      return client.post(API_PATHS.closeLostPosition, { pair: action.pair, side: action.side, quantity: action.quantity });
  }
}

export function usePositionAction() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: PositionAction) => runPositionAction(client, action),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['positions'] }),
  });
}
