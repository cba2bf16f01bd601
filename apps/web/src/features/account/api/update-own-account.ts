import { useMutation } from '@tanstack/react-query';
import { API_PATHS, type OwnAccount } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApi } from '../../../api/context';

export interface OwnAccountUpdate {
  email: string;
  old_password?: string;
  new_password?: string;
}

export function updateOwnAccount(client: ApiClient, id: number, body: OwnAccountUpdate): Promise<OwnAccount> {
  return client.put<OwnAccount>(API_PATHS.user(id), body);
}

/** The signed-in user lives in the session store, not in a query: a saved email goes there. */
export function useUpdateOwnAccount() {
  const { client, store } = useApi();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: OwnAccountUpdate }) => updateOwnAccount(client, id, body),
    onSuccess: (saved) => {
      const user = store.getState().user;
      if (user) store.update({ user: { ...user, email: saved.email } });
    },
  });
}
