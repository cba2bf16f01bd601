/**
 * The SPA's paths and router patterns, outside app/: the shell (app/) and the features both read them, and
 * a feature never imports the shell (`pnpm run lint` refuses it).
 */
import { PATHS, pathTo, type PathKey } from '@console/contracts';

export { PATHS, pathTo };
export type { PathKey };

/**
 * react-router patterns for each contract path. A router parameter must fill a whole segment, so
 * `profile=:id` is matched as `:profileRef` and read with `profileIdOf`.
 */
export const ROUTE_PATTERNS: Record<PathKey, string> = {
  ...PATHS,
  strategyProfile: PATHS.strategyProfile.replace('profile=:id', ':profileRef'),
  mmProfile: PATHS.mmProfile.replace('profile=:id', ':profileRef'),
};

const PROFILE_PREFIX = 'profile=';

/** The id in a `profile={id}` segment, or null when the segment has another shape. */
export function profileIdOf(segment: string | undefined): string | null {
  if (!segment?.startsWith(PROFILE_PREFIX)) return null;
  const id = segment.slice(PROFILE_PREFIX.length);
  return id ? id : null;
}
