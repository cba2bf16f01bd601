import { useQueryClient } from '@tanstack/react-query';
import { API_PATHS, type EngineCommandState } from '@console/contracts';
import { useCommandMutation } from '../../../api/command-mutation';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

/** Cancel an order: an engine command; the list shows CANCELLING at once and CANCELLED when the live stream brings the engine's outcome. Its signal changes too. */
export function useCancelOrder() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useCommandMutation({
    mutationFn: (id: string, send) => client.post<EngineCommandState>(API_PATHS.cancelOrder(id), undefined, send),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.signals.all }), queryClient.invalidateQueries({ queryKey: queryKeys.orders.all })]),
  });
}
