// The worker's V8 flags (docker-compose.yml and apps/api's `worker` script repeat them). Under an export's
// allocation rate (millions of short-lived rows) Node 24 let the young generation grow to 128 MiB, and with
// its default old-space ceiling (a quarter of the RAM, up to 4 GiB) let garbage pile up far past the ~25 MiB
// an export keeps alive. 8 MiB semi-spaces and a 1 GiB ceiling keep a million-row export near 115 MiB of
// RSS at no measured cost in time; 1 GiB is still ~40 times what an export holds.
export const WORKER_NODE_FLAGS = ['--max-semi-space-size=8', '--max-old-space-size=1024'];
