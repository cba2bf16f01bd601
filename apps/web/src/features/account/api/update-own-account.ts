import { API_PATHS } from '@console/contracts';
import type { ApiClient } from '../../../api/client';

export interface OwnAccountUpdate {
  email: string;
  old_password?: string;
  new_password?: string;
}

export function updateOwnAccount(client: ApiClient, id: number, body: OwnAccountUpdate): Promise<{ id: number; email: string }> {
  return client.put(API_PATHS.user(id), body);
}
