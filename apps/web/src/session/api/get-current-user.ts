import { API_PATHS, type CurrentUser } from '@console/contracts';
import type { ApiClient } from '../../api/client';

export function getCurrentUser(client: ApiClient): Promise<CurrentUser> {
  return client.get<CurrentUser>(API_PATHS.currentUser);
}
