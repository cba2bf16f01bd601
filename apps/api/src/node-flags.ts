/**
 * V8 flags for the API's HTTP processes and the worker. Under load Node 24 lets the young generation grow
 * to 128 MiB, and with its default old-space ceiling (a quarter of the RAM, up to 4 GiB) V8 picks a heap
 * growth factor of 4, so garbage piles up far past what a process keeps alive: an HTTP process holding
 * ~60 MiB of live objects swung between 500 and 700 MiB of RSS at 100 requests/s, and a million-row export
 * took the worker past 500 MiB. 8 MiB semi-spaces and a 1 GiB ceiling (growth factor ~1.6) keep an HTTP
 * process near 300 MiB and an export near 115 MiB, at no measured cost in time; 1 GiB is still ~15 times
 * what either holds alive.
 *
 * The cluster's primary forks its HTTP processes with them; the worker's launchers pass the same: `npm start`
 * reads them from this module's build, and the `worker` script and docker-compose.yml, which cannot, hold a
 * copy a test keeps equal.
 */
export const SERVICE_NODE_FLAGS = ['--max-semi-space-size=8', '--max-old-space-size=1024'] as const;

/** `execArgv` with each service flag the operator did not set already (on the command line or in NODE_OPTIONS). */
export function withServiceNodeFlags(execArgv: readonly string[], nodeOptions = process.env.NODE_OPTIONS ?? ''): string[] {
  const given = [...execArgv, ...nodeOptions.split(/\s+/)].map((flag) => flag.split('=')[0]?.replaceAll('_', '-'));
  return [...SERVICE_NODE_FLAGS.filter((flag) => !given.includes(flag.split('=')[0])), ...execArgv];
}

/**
 * glibc's malloc setting for the HTTP processes. Hashing a password (argon2id) takes a 19 MiB block on a
 * libuv thread. glibc raises its mmap threshold to the size of the first such block freed, so every later
 * one comes from the thread's arena and stays resident after the hash: a process that hashed on its 4
 * threads held ~76 MiB more for good, reached a thread (or an arena) at a time, each a 19 MiB step of
 * resident memory. A fixed 4 MiB threshold maps each block and gives it back when the hash ends (4 hashes
 * at a time: 49.7 MiB instead of 125.3), for ~18 ms more CPU per hash in page faults (36 → 56 ms here),
 * which only the rate-limited password step pays. Other glibc settings the operator gave are kept, and
 * their own mmap threshold wins. musl and other allocators ignore the variable.
 */
export const SERVICE_MALLOC_TUNABLE = 'glibc.malloc.mmap_threshold=4194304';

/** GLIBC_TUNABLES for a service process: the operator's, with the service's threshold unless they set one. */
export function withServiceMallocTunable(tunables = process.env.GLIBC_TUNABLES ?? ''): string {
  if (tunables.includes('glibc.malloc.mmap_threshold=')) return tunables;
  return tunables ? `${tunables}:${SERVICE_MALLOC_TUNABLE}` : SERVICE_MALLOC_TUNABLE;
}
