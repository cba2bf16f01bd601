import { LIMITS } from '@console/contracts';

/** An account title cut at LIMITS.accountTitleTruncate characters (platform.md 2.4), with an ellipsis when cut. */
export function truncateTitle(title: string, max: number = LIMITS.accountTitleTruncate): string {
  const chars = Array.from(title);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : title;
}
