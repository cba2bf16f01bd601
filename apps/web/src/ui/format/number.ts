import { EMPTY_VALUE } from '@console/contracts';

/** A number with a fixed count of decimals (the spec's for prices, sizes, quantities), or '-'. */
export function fixed(value: number | null | undefined, decimals: number): string {
  return value === null || value === undefined ? EMPTY_VALUE : value.toFixed(decimals);
}
