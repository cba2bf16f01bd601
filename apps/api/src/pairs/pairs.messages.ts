// TODO(contracts): move to packages/contracts
export const PAIR_MESSAGES = {
  tickerReadOnly: 'The ticker of a pair cannot be changed.',
  isActiveRequired: 'This field is required',
} as const;
