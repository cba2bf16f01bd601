import { API_PATHS } from '@console/contracts';
import type { ApiClient } from '../../api/client';

export function logout(client: ApiClient, refreshToken: string): Promise<unknown> {
  return client.post(API_PATHS.logout, { refresh_token: refreshToken });
}
