import { API_PATHS } from '@console/contracts';
import type { ApiClient } from '../../api/client';

/** The refresh token travels in its cookie, which the API reads and clears. */
export function logout(client: ApiClient): Promise<unknown> {
  return client.post(API_PATHS.logout, {});
}
