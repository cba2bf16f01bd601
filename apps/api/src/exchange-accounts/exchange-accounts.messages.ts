/**
 * Field messages of the exchange account form. The quoted ones come from the contracts; the spec
 * gives no text for the API key, secret and broker id rules, so these follow the quoted style.
 */
import { MESSAGES } from '@console/contracts';

// TODO(contracts): move to packages/contracts
export const EXCHANGE_ACCOUNT_MESSAGES = {
  nameBlank: MESSAGES.nameBlank,
  nameTooLong: MESSAGES.nameTooLong,
  leverageRange: MESSAGES.leverageRange,
  apiKeyBlank: 'API key can’t be blank',
  apiKeyTooLong: 'API key could be maximum 64 symbols',
  apiSecretBlank: 'Secret key can’t be blank',
  apiSecretTooLong: 'Secret key could be maximum 64 symbols',
  brokerIdTooLong: 'Broker Id could be maximum 64 symbols',
  brokerProgramNotAvailable: 'The broker program is not available for this account.',
  usedByMmProfiles: 'This account is used by MM profiles. Move them to another account first.',
} as const;
