/**
 * V8 flags for the API's HTTP processes and the worker. Under load Node 24 lets the young generation grow
 * to 128 MiB, and with its default old-space ceiling (a quarter of the RAM, up to 4 GiB) V8 picks a heap
 * growth factor of 4, so garbage piles up far past what a process keeps alive: an HTTP process holding
 * ~60 MiB of live objects swung between 500 and 700 MiB of RSS at 100 requests/s, and a million-row export
 * took the worker past 500 MiB. 8 MiB semi-spaces and a 1 GiB ceiling (growth factor ~1.6) keep an HTTP
 * process near 300 MiB and an export near 115 MiB, at no measured cost in time; 1 GiB is still ~15 times
 * what either holds alive.
 *
 * The cluster's primary forks its HTTP processes with them; the worker's launchers (apps/api's `worker`
 * script, docker-compose.yml, scripts/lib/worker-flags.mjs) pass the same, and a test holds them equal.
 */
export const SERVICE_NODE_FLAGS = ['--max-semi-space-size=8', '--max-old-space-size=1024'] as const;

/** `execArgv` with each service flag the operator did not set already (on the command line or in NODE_OPTIONS). */
export function withServiceNodeFlags(execArgv: readonly string[], nodeOptions = process.env.NODE_OPTIONS ?? ''): string[] {
  const given = [...execArgv, ...nodeOptions.split(/\s+/)].map((flag) => flag.split('=')[0]?.replaceAll('_', '-'));
  return [...SERVICE_NODE_FLAGS.filter((flag) => !given.includes(flag.split('=')[0])), ...execArgv];
}
