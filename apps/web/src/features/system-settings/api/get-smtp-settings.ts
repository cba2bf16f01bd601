import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type SmtpSettings } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const getSmtpSettings = (client: ApiClient) => client.get<SmtpSettings>(API_PATHS.smtpSettings);

export const smtpSettingsQueryOptions = (client: ApiClient) => queryOptions({ queryKey: queryKeys.smtpSettings.detail(), queryFn: () => getSmtpSettings(client) });

export const useSmtpSettings = () => useQuery(smtpSettingsQueryOptions(useApiClient()));
