// The worker's V8 flags (docker-compose.yml and apps/api's `worker` script repeat them). Node 24 lets the
// young generation grow to 128 MiB under a high allocation rate (an export's millions of short-lived
// rows); 8 MiB semi-spaces keep an export of a million rows near 140 MiB of RSS at a few percent of time.
export const WORKER_NODE_FLAGS = ['--max-semi-space-size=8'];
